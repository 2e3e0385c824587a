import { useId } from 'react';
import { admissionsYearTexts } from '#shared/content/parts/admissionsYear.ts';
import { FieldError } from '#client/ui/FieldError.tsx';
import type { PartEditorProps } from '../ContentItemControls';

/** The admissions year the site states. */
export function AdmissionsYearEditor({ value, errors, onChange }: PartEditorProps<'admissionsYear'>) {
  const id = useId();
  const error = errors.admissionsYear;
  return (
    <fieldset className="site-content__group">
      <legend>{admissionsYearTexts.legend}</legend>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {admissionsYearTexts.label}
        </label>
        <p className="field__hint" id={`${id}-hint`}>
          {admissionsYearTexts.hint}
        </p>
        <input
          id={id}
          className="field__input"
          inputMode="numeric"
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? `${id}-error` : '', `${id}-hint`].filter(Boolean).join(' ')}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        {error ? <FieldError id={`${id}-error`} message={error} /> : null}
      </div>
    </fieldset>
  );
}
