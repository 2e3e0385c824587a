import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { SiteImage } from '#shared/content/photos.ts';
import {
  PHOTO_MAX_BYTES,
  PHOTO_UPLOAD_TYPES,
  photoFieldText,
  photoUploadMessages,
} from '#shared/content/photoUploads.ts';
import { useTRPC } from '#client/trpc.tsx';
import { Picture } from '#client/ui/Picture.tsx';
import { FieldError } from '#client/ui/FieldError.tsx';

export type PhotoFieldProps = {
  label: string;
  value: SiteImage | undefined;
  onChange: (value: SiteImage | undefined) => void;
  /** The schema's message about the image itself (none chosen). */
  error?: string;
  /** The schema's message about its description. */
  altError?: string;
  required?: boolean;
};

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : photoFieldText.failed);

/**
 * An image of the site content in the dashboard: the image as the site shows it, a file input
 * that uploads a new photo at once (photos.upload), and its description. Upload problems are
 * shown beside the input in plain words; progress is announced politely.
 */
export function PhotoField({ label, value, onChange, error, altError, required = false }: PhotoFieldProps) {
  const trpc = useTRPC();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  // Only the latest file chosen counts, if another is chosen while one uploads.
  const latestUpload = useRef(0);
  // A description written before any photo is chosen waits here for it.
  const [pendingAlt, setPendingAlt] = useState('');
  const [uploadError, setUploadError] = useState<string | undefined>(undefined);
  const [uploaded, setUploaded] = useState(false);
  const upload = useMutation(trpc.photos.upload.mutationOptions());
  const alt = value?.alt ?? pendingAlt;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploaded(false);
    if (file.size > PHOTO_MAX_BYTES) {
      setUploadError(photoUploadMessages.tooLarge);
      return;
    }
    setUploadError(undefined);
    const attempt = (latestUpload.current += 1);
    try {
      const photo = await upload.mutateAsync(file);
      if (attempt !== latestUpload.current) return;
      onChange({ ...photo, alt });
      setUploaded(true);
    } catch (failure) {
      if (attempt === latestUpload.current) setUploadError(messageOf(failure));
    } finally {
      // The same file can be chosen again (after a problem, or to retry).
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const onAlt = (text: string) => {
    if (value) onChange({ ...value, alt: text });
    else setPendingAlt(text);
  };

  const fileMessage = uploadError ?? error;
  const ids = {
    file: `${id}-file`,
    hint: `${id}-hint`,
    fileError: `${id}-file-error`,
    alt: `${id}-alt`,
    altHint: `${id}-alt-hint`,
    altError: `${id}-alt-error`,
  };
  const describedBy = (...candidates: (string | false)[]) => candidates.filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className="photo-field">
      <legend>
        {label}
        {required ? null : <span className="field__optional"> (optional)</span>}
      </legend>
      <div className="photo-field__preview">
        {value ? (
          <Picture image={value} sizes="(min-width: 30rem) 20rem, 100vw" />
        ) : (
          <p className="field__hint">{photoFieldText.none}</p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.file}>
          {value ? photoFieldText.chooseAnother : photoFieldText.choose}
        </label>
        <p className="field__hint" id={ids.hint}>
          {photoFieldText.hint}
        </p>
        <input
          ref={fileInput}
          id={ids.file}
          className="field__input photo-field__file"
          type="file"
          accept={PHOTO_UPLOAD_TYPES.join(',')}
          aria-required={required && !value ? true : undefined}
          aria-invalid={fileMessage ? true : undefined}
          aria-describedby={describedBy(ids.hint, Boolean(fileMessage) && ids.fileError)}
          onChange={(event) => void onFile(event)}
        />
        <p className="photo-field__status" role="status">
          {upload.isPending ? photoFieldText.uploading : uploaded ? photoFieldText.uploaded : ''}
        </p>
        {fileMessage ? <FieldError id={ids.fileError} message={fileMessage} /> : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.alt}>
          {photoFieldText.alt}
        </label>
        <p className="field__hint" id={ids.altHint}>
          {photoFieldText.altHint}
        </p>
        <input
          id={ids.alt}
          className="field__input"
          type="text"
          value={alt}
          maxLength={250}
          aria-required={required || value ? true : undefined}
          aria-invalid={altError ? true : undefined}
          aria-describedby={describedBy(ids.altHint, Boolean(altError) && ids.altError)}
          onChange={(event) => onAlt(event.target.value)}
        />
        {altError ? <FieldError id={ids.altError} message={altError} /> : null}
      </div>
      {value && !required ? (
        <button type="button" className="button button--outline admin-small-button" onClick={() => onChange(undefined)}>
          {photoFieldText.remove}
          <span className="visually-hidden"> ({label})</span>
        </button>
      ) : null}
    </fieldset>
  );
}
