import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { staffSessionLimits } from '../../../shared/dashboard';
import { useStaffSession } from './session';

/**
 * docs/spec.md §2: one password, no username; no check in the browser, the server decides.
 * focusHeading: after a sign-out the heading takes focus; on arrival, the password field.
 */
export function LoginScreen({ focusHeading }: { focusHeading: boolean }) {
  const { login } = useStaffSession();
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const passwordId = useId();
  const hintId = useId();

  useEffect(() => {
    (focusHeading ? headingRef : passwordRef).current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    const accepted = await login(password);
    if (!accepted) {
      setSending(false);
      passwordRef.current?.select();
    }
  }

  return (
    <section className="admin-login" aria-labelledby="admin-login-title">
      <div className="admin-login__card">
        <p className="admin-login__eyebrow">School office</p>
        <h1 id="admin-login-title" ref={headingRef} tabIndex={-1}>
          Staff Login
        </h1>
        <p className="admin-login__intro">Sign in to review contact messages and admission enquiries.</p>
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={passwordId}>
              Password
            </label>
            <input
              ref={passwordRef}
              id={passwordId}
              className="field__input"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-describedby={hintId}
            />
            <span id={hintId} className="field__hint">
              For security, you are signed out after {staffSessionLimits.idleMinutes} minutes without activity.
            </span>
          </div>
          <button type="submit" className="button button--primary admin-login__submit" disabled={sending}>
            {sending ? 'Signing in...' : 'Log in'}
          </button>
        </form>
      </div>
    </section>
  );
}
