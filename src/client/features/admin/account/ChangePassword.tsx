import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { changePasswordMessages } from '#shared/staff/accounts.ts';
import { newPasswordMessages } from '#shared/staff/newPassword.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { NEW_PASSWORD_HINT, newPasswordErrors, PasswordField, type NewPasswordErrors } from './NewPasswordFields';
import './account.css';

type Errors = NewPasswordErrors & { currentPassword?: string | undefined };
type FieldName = keyof Errors;

/** The server's refusals about the new password belong beside it; the rest (the current one wrong, too many tries) beside the current one. */
const fieldOf = (message: string): FieldName =>
  (Object.values(newPasswordMessages) as string[]).includes(message) ? 'password' : 'currentPassword';

/**
 * "Change password" under the dashboard's header, beside "Where you are signed in": the current
 * password, then the new one twice, as on a link's page. This browser stays signed in; the
 * account's other sessions end. After a refusal the cursor goes to the first field with a
 * message, so a screen reader reads it out.
 */
export function ChangePassword() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSettled: () => queryClient.invalidateQueries(trpc.account.pathFilter()),
    }),
  );
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [focusField, setFocusField] = useState<{ name: FieldName } | undefined>(undefined);
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    repeated: useRef<HTMLInputElement>(null),
  };

  useEffect(() => {
    if (focusField) refs[focusField.name].current?.focus();
  }, [focusField]);

  const show = (found: Errors) => {
    setErrors(found);
    const first = (['currentPassword', 'password', 'repeated'] as const).find((name) => found[name]);
    if (first) setFocusField({ name: first });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {
      ...(current ? {} : { currentPassword: changePasswordMessages.currentMissing }),
      ...newPasswordErrors(password, repeated),
    };
    show(found);
    if (found.currentPassword || found.password || found.repeated) return;
    try {
      const { message } = await change.mutateAsync({ currentPassword: current, newPassword: password });
      toast({ title: 'Password changed', description: message });
      setCurrent('');
      setPassword('');
      setRepeated('');
    } catch (error) {
      if (isUnauthorized(error)) return;
      const message =
        error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
      show({ [fieldOf(message)]: message });
    }
  }

  return (
    <details className="own-sessions" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Change password</summary>
      {/* Its fields only while open, as the panels beside it: a closed one's would be in the page with their labels hidden. */}
      {open ? (
        <form className="change-password" onSubmit={submit} noValidate>
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
            error={errors.currentPassword}
            inputRef={refs.currentPassword}
          />
          <PasswordField
            label="New password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            hint={NEW_PASSWORD_HINT}
            inputRef={refs.password}
          />
          <PasswordField
            label="Type it again"
            value={repeated}
            onChange={setRepeated}
            error={errors.repeated}
            inputRef={refs.repeated}
          />
          <p className="field__hint">This browser stays signed in; everywhere else you are signed out.</p>
          <button type="submit" className="button button--primary admin-small-button" disabled={change.isPending}>
            {change.isPending ? 'Saving...' : 'Change password'}
          </button>
        </form>
      ) : null}
    </details>
  );
}
