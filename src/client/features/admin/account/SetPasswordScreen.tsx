import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { staffAccountMessages } from '#shared/staff/accounts.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { NEW_PASSWORD_HINT, newPasswordErrors, PasswordField, type NewPasswordErrors } from './NewPasswordFields';
import './account.css';

/**
 * Where an invitation or reset link lands: the person chooses their password (twice), then signs
 * in as usual. The server checks the link and the password; the browser checks only what it can
 * say at once (length, the two typed alike).
 */
export function SetPasswordScreen({ token, onDone }: { token: string; onDone: (email?: string) => void }) {
  const trpc = useTRPC();
  // Asked afresh each time the page opens: a link used a moment ago must not be offered again.
  const holder = useQuery(trpc.auth.linkHolder.queryOptions({ token }, { staleTime: 0, gcTime: 0 }));
  const setPassword = useMutation(trpc.auth.setPassword.mutationOptions());
  const [password, setPasswordValue] = useState('');
  const [repeated, setRepeated] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [holder.isPending]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPasswordErrors(password, repeated);
    setErrors(found);
    if (found.password || found.repeated) return;
    try {
      const { message } = await setPassword.mutateAsync({ token, password });
      toast({ title: 'Password set', description: message });
      onDone(holder.data?.valid ? (holder.data.email ?? undefined) : undefined);
    } catch (error) {
      setErrors({
        password: error instanceof Error && error.message ? error.message : staffAccountMessages.linkInvalid,
      });
    }
  }

  return (
    <section className="admin-login" aria-labelledby="set-password-title">
      <div className="admin-login__card">
        <p className="admin-login__eyebrow">School office</p>
        <h1 id="set-password-title" ref={headingRef} tabIndex={-1}>
          Choose your password
        </h1>
        {holder.isPending ? (
          <p className="admin-login__intro" role="status">
            Checking your link...
          </p>
        ) : !holder.data?.valid ? (
          <>
            <p className="admin-login__intro">{staffAccountMessages.linkInvalid}</p>
            <button type="button" className="button button--primary admin-login__submit" onClick={() => onDone()}>
              Go to the staff login
            </button>
          </>
        ) : (
          <>
            <p className="admin-login__intro">
              Welcome, {holder.data.name}. You will sign in with {holder.data.email ?? 'your email'} and the password
              you choose here.
            </p>
            <form onSubmit={submit} noValidate>
              <PasswordField
                label="New password"
                value={password}
                onChange={setPasswordValue}
                error={errors.password}
                hint={NEW_PASSWORD_HINT}
              />
              <PasswordField label="Type it again" value={repeated} onChange={setRepeated} error={errors.repeated} />
              <button
                type="submit"
                className="button button--primary admin-login__submit"
                disabled={setPassword.isPending}
              >
                {setPassword.isPending ? 'Saving...' : 'Set my password'}
              </button>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
