import { useId, type FormEvent, type Ref } from 'react';
import { Link } from 'wouter';
import type { ParentsCornerTexts } from '../../../content/parentsCorner';
import { portalTexts } from './texts';

type LoginFormProps = {
  login: ParentsCornerTexts['login'];
  onLogin: (remember: boolean) => void;
  /** Receives focus when the visitor logs out and returns here. */
  headingRef: Ref<HTMLHeadingElement>;
};

/**
 * The parent login. Any username and password open the portal (the spec's behaviour): the
 * fields are required in the browser only and nothing is sent anywhere.
 */
export function LoginForm({ login, onLogin, headingRef }: LoginFormProps) {
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const remember = new FormData(event.currentTarget).get('remember') === 'on';
    onLogin(remember);
  };
  return (
    <div className="portal-login card">
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {login.heading}
      </h2>
      {/* POST keeps a password typed before the page is interactive out of addresses and logs. */}
      <form method="post" aria-labelledby={`${id}-heading`} onSubmit={handleSubmit}>
        <noscript>
          <p className="portal-login__noscript">{portalTexts.noScriptNote}</p>
        </noscript>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-username`}>
            {login.usernameLabel}
          </label>
          <input className="field__input" id={`${id}-username`} name="username" autoComplete="username" required />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-password`}>
            {login.passwordLabel}
          </label>
          <input
            className="field__input"
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
        </div>
        <div className="portal-login__options">
          <label className="portal-login__remember">
            <input type="checkbox" name="remember" />
            {login.rememberMeLabel}
          </label>
          <Link href="/contact" className="portal-login__forgot">
            {login.forgotPasswordLabel}
          </Link>
        </div>
        <button type="submit" className="button button--primary portal-login__submit">
          {login.submitLabel}
        </button>
      </form>
      <p className="portal-login__note">{login.note}</p>
    </div>
  );
}
