import { useId, type ChangeEvent, type ReactNode } from 'react';
import { FieldError } from '#client/ui/FieldError.tsx';

/** What a dashboard control needs to be tied to its label, hint and message. */
export type AdminControl = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

type AdminFieldProps = {
  label: ReactNode;
  /** Says "(optional)" after the label. */
  optional?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  /** Further ids the control is described by (a note beside it). */
  describedBy?: string;
  className?: string;
  children: (control: AdminControl) => ReactNode;
};

/**
 * A labelled field of the dashboard: label, hint, the control, and the message tied to it. Unlike
 * the enquiry forms' FieldFrame (one form a page, ids from field names), a dashboard page holds
 * many forms, so the ids are React's own.
 */
export function AdminField({
  label,
  optional = false,
  hint,
  error,
  describedBy,
  className = 'field',
  children,
}: AdminFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? (
          <>
            {' '}
            <span className="field__optional">(optional)</span>
          </>
        ) : null}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [errorId, hintId, describedBy].filter(Boolean).join(' ') || undefined,
      })}
      {error ? <FieldError id={errorId} message={error} /> : null}
    </div>
  );
}

type AdminTextFieldProps = Omit<AdminFieldProps, 'children' | 'describedBy' | 'className'> & {
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** An input of this type, or (given `rows`) a text area. */
  type?: 'text' | 'date' | 'time';
  rows?: number;
  autoComplete?: 'off';
};

/** A dashboard field of text (or a date or a time) kept in the form's state: one line, or a text area given `rows`. */
export function AdminTextField({
  name,
  value,
  onChange,
  type = 'text',
  rows,
  autoComplete,
  ...field
}: AdminTextFieldProps) {
  return (
    <AdminField {...field}>
      {(control) => {
        const text = {
          ...control,
          name,
          className: 'field__input',
          value,
          onChange: (change: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(change.target.value),
        };
        return rows ? <textarea {...text} rows={rows} /> : <input {...text} type={type} autoComplete={autoComplete} />;
      }}
    </AdminField>
  );
}
