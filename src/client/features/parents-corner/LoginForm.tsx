import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ParentsCornerTexts } from '#content/parentsCorner.ts';
import { parentSignInMessages } from '#shared/parents/parentLogin.ts';
import { parentRequests, refusalText } from './parentRequests';
import { loginTexts } from './loginTexts';

type LoginFormProps = {
  login: ParentsCornerTexts['login'];
  onSignedIn: () => void;
  onForgot: () => void;
  /** A sentence to show above the form (a password just chosen). */
  notice?: string | undefined;
  /** After a screen swap (sign-out, back from "Forgot password?"), the heading takes focus. */
  focusHeading: boolean;
};

/**
 * The parent login: the email is the username. The server decides; a refusal is one sentence in
 * an alert region that is always in the form (an alert made with its words is not announced by
 * every screen reader, decision 0013). The form is prerendered: it is all a visitor's first
 * request gets.
 */
export function LoginForm({ login, onSignedIn, onForgot, notice, focusHeading }: LoginFormProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [tried, setTried] = useState(false);
  /** Asked for once the server says the login is being guessed at: then the password goes with an emailed code. */
  const [codeAsked, setCodeAsked] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  /** Set when a code was just asked for: the cursor goes to the new field once it is drawn. */
  const [codeJustAsked, setCodeJustAsked] = useState(0);
  useEffect(() => {
    if (codeJustAsked > 0) codeRef.current?.focus();
  }, [codeJustAsked]);

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    setTried(true);
    setError('');
    try {
      await parentRequests.signIn({
        email: String(form.get('username') ?? ''),
        password: String(form.get('password') ?? ''),
        rememberMe: form.get('remember') === 'on',
        ...(codeAsked ? { code: String(form.get('code') ?? '') } : {}),
      });
      onSignedIn();
    } catch (refused) {
      setSending(false);
      const said = refusalText(refused, loginTexts.unreachable);
      setError(said);
      const askingForCode = said === parentSignInMessages.codeSent || said === parentSignInMessages.invalidCode;
      setCodeAsked(askingForCode);
      // The code field appears with the sentence; the cursor goes where the parent types next.
      if (said === parentSignInMessages.codeSent) setCodeJustAsked((times) => times + 1);
      else passwordRef.current?.select();
    }
  }

  return (
    <div className="portal-login card">
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {login.heading}
      </h2>
      {/* Gone once the form has been tried: then only the answer to that try shows. */}
      {notice && !tried ? (
        <p className="portal-login__notice" role="status">
          {notice}
        </p>
      ) : null}
      {/* POST keeps a password typed before the page is interactive out of addresses and logs. */}
      <form method="post" aria-labelledby={`${id}-heading`} onSubmit={submit}>
        <noscript>
          <p className="portal-login__noscript">{loginTexts.noScriptNote}</p>
        </noscript>
        <div className="portal-login__error" role="alert" id={`${id}-error`}>
          {error ? <p>{error}</p> : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-username`}>
            {login.usernameLabel}
          </label>
          <input
            className="field__input"
            id={`${id}-username`}
            name="username"
            type="text"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            autoComplete="username"
            aria-describedby={error ? `${id}-error` : undefined}
            required
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-password`}>
            {login.passwordLabel}
          </label>
          <input
            ref={passwordRef}
            className="field__input"
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            aria-describedby={error ? `${id}-error` : undefined}
            required
          />
        </div>
        {codeAsked ? (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-code`}>
              {loginTexts.codeLabel}
            </label>
            <p className="field__hint" id={`${id}-code-hint`}>
              {loginTexts.codeHint}
            </p>
            <input
              ref={codeRef}
              className="field__input"
              id={`${id}-code`}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-describedby={`${id}-code-hint${error ? ` ${id}-error` : ''}`}
              required
            />
          </div>
        ) : null}
        <div className="portal-login__options">
          <label className="portal-login__remember">
            <input type="checkbox" name="remember" />
            {login.rememberMeLabel}
          </label>
          <button type="button" className="portal-login__forgot link-button" onClick={onForgot}>
            {login.forgotPasswordLabel}
          </button>
        </div>
        <button type="submit" className="button button--primary portal-login__submit" disabled={sending}>
          {sending ? loginTexts.signingIn : login.submitLabel}
        </button>
      </form>
      <p className="portal-login__note">{login.note}</p>
    </div>
  );
}
