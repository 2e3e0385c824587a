import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { notSecureSignIn, staffSessionLimits } from '#shared/dashboard/staffSignIn.ts';
import { twoStepMessages } from '#shared/staff/twoStepMessages.ts';
import { useStaffSession } from '#client/features/admin/common/session.tsx';
import { WithCommands } from './WithCommands';
import './account.css';

/**
 * docs/spec.md §2 gave the office one password; each person now signs in with their email and
 * password, and the first Owner may still use the password alone (issue 10). No check in the
 * browser: the server decides. An account with two-step login on is then asked for its code
 * (or a recovery code), and the same sign-in is sent again with it. focusHeading: after a sign-out the heading takes focus; on
 * arrival, the email field; with the email of a password just chosen filled in, the password field.
 */
export function LoginScreen({ focusHeading, email: knownEmail = '' }: { focusHeading: boolean; email?: string }) {
  const { login } = useStaffSession();
  const [email, setEmail] = useState(knownEmail);
  /** The server's words when this address would not keep a sign-in; they stay until the next try. */
  const [notSecure, setNotSecure] = useState<string | undefined>(undefined);
  const [password, setPassword] = useState('');
  /** Undefined until the server asks for the account's two-step code; another email or password is another sign-in, which it asks about again. */
  const [code, setCode] = useState<string | undefined>(undefined);
  /** The server's words when it asks a new browser for a one-time code (the account is being guessed at); undefined for a two-step code. */
  const [codeAsked, setCodeAsked] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const codeId = useId();
  const codeHintId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const emailId = useId();
  const emailHintId = useId();
  const passwordId = useId();
  const hintId = useId();

  useEffect(() => {
    (knownEmail ? passwordRef : focusHeading ? headingRef : emailRef).current?.focus();
  }, []);

  useEffect(() => {
    if (code === '') codeRef.current?.focus();
  }, [code]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setNotSecure(undefined);
    const outcome = await login(code === undefined ? { email, password } : { email, password, code });
    if (outcome === 'signedIn') return;
    setSending(false);
    if (typeof outcome === 'object' && 'codeAsked' in outcome) {
      setCodeAsked(outcome.codeAsked);
      setCode('');
    } else if (typeof outcome === 'object') setNotSecure(outcome.notSecure);
    else if (outcome === 'codeNeeded') setCode('');
    else (code === undefined ? passwordRef : codeRef).current?.select();
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
            <label className="field__label" htmlFor={emailId}>
              Email<span className="field__optional"> (optional)</span>
            </label>
            <input
              ref={emailRef}
              id={emailId}
              className="field__input"
              type="text"
              name="email"
              autoComplete="username"
              inputMode="email"
              autoCapitalize="off"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setCode(undefined);
                setCodeAsked(undefined);
              }}
              aria-describedby={emailHintId}
            />
            <span id={emailHintId} className="field__hint">
              Leave it empty to sign in with the school&apos;s main staff password.
            </span>
          </div>
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
              onChange={(event) => {
                setPassword(event.target.value);
                setCode(undefined);
                setCodeAsked(undefined);
              }}
              aria-describedby={hintId}
            />
            <span id={hintId} className="field__hint">
              For security, you are signed out after {staffSessionLimits.idleMinutes} minutes without activity.
            </span>
          </div>
          {code !== undefined ? (
            <div className="field">
              <label className="field__label" htmlFor={codeId}>
                {codeAsked ? 'Code' : 'Two-step code'}
              </label>
              <input
                ref={codeRef}
                id={codeId}
                className="field__input admin-login__code"
                type="text"
                name="code"
                autoComplete="one-time-code"
                autoCapitalize="off"
                spellCheck={false}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                aria-describedby={codeHintId}
              />
              <span id={codeHintId} className="field__hint">
                {codeAsked ? (
                  <WithCommands text={codeAsked} />
                ) : (
                  `${twoStepMessages.codeNeeded} Lost your phone? Enter one of your recovery codes instead.`
                )}
              </span>
            </div>
          ) : null}
          <button type="submit" className="button button--primary admin-login__submit" disabled={sending}>
            {sending ? 'Signing in...' : 'Log in'}
          </button>
        </form>
        {notSecure ? <NotSecureNotice message={notSecure} /> : null}
      </div>
    </section>
  );
}

/** Why the sign-in cannot work at this address, with the https address to open as a link when the server named one. */
function NotSecureNotice({ message }: { message: string }) {
  const address = notSecureSignIn.addressIn(message);
  const [before, after] = address ? message.split(address) : [message];
  return (
    <p className="admin-login__not-secure" role="alert">
      {before}
      {address ? <a href={address}>{address}</a> : null}
      {after}
    </p>
  );
}
