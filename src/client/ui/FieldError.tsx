/** A field's message, tied to its control by `id` (the control's aria-describedby names it). */
export function FieldError({ id, message }: { id: string | undefined; message: string }) {
  return (
    <p className="field__error" id={id}>
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="9" fill="currentColor" />
        <path d="M10 5v6M10 14v1" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {message}
    </p>
  );
}
