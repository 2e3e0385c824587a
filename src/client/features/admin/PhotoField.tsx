// Stand-in for the photos branch's PhotoField (same props), until that branch is merged: shows the image and its description, no upload.
import { useId } from 'react';
import type { SiteImage } from '../../../shared/content/photos';
import { Picture } from '../../ui/Picture';
import { FieldError } from '../enquiry/fields';

type PhotoFieldProps = { label: string; value: SiteImage | undefined; onChange: (value: SiteImage | undefined) => void; error?: string; altError?: string; required?: boolean };

export function PhotoField({ label, value, onChange, error, altError }: PhotoFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <p className="field__label">{label}</p>
      {value ? <Picture image={value} sizes="160px" /> : null}
      {error ? <FieldError id={`${id}-error`} message={error} /> : null}
      {value ? (
        <>
          <label className="field__label" htmlFor={id}>
            Description for people who cannot see it
          </label>
          <input id={id} className="field__input" value={value.alt} aria-invalid={altError ? true : undefined} onChange={(event) => onChange({ ...value, alt: event.target.value })} />
          {altError ? <FieldError id={`${id}-alt-error`} message={altError} /> : null}
        </>
      ) : null}
    </div>
  );
}
