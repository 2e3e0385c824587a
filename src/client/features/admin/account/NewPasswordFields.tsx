import type { Ref } from 'react';
import { MIN_STAFF_PASSWORD_LENGTH, newPasswordSchema, PASSWORD_ADVICE } from '#shared/staff/newPassword.ts';
import { AdminField } from '#client/features/admin/common/AdminField.tsx';

type PasswordFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
  autoComplete?: 'new-password' | 'current-password';
  inputRef?: Ref<HTMLInputElement>;
};

/** A password's box, with its hint and its message. */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  hint,
  autoComplete = 'new-password',
  inputRef,
}: PasswordFieldProps) {
  return (
    <AdminField label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          className="field__input"
          type="password"
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </AdminField>
  );
}

export const NEW_PASSWORD_HINT = `At least ${MIN_STAFF_PASSWORD_LENGTH} characters. ${PASSWORD_ADVICE}`;

const REPEAT_DIFFERS = 'The two passwords differ. Please type the same one twice.';

export type NewPasswordErrors = { password?: string | undefined; repeated?: string | undefined };

/** What the browser can say at once of a new password typed twice (its length, the two alike); the server checks the rest. */
export function newPasswordErrors(password: string, repeated: string): NewPasswordErrors {
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success) return { password: checked.error.issues[0]?.message };
  return password === repeated ? {} : { repeated: REPEAT_DIFFERS };
}
