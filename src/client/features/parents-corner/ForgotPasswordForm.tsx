import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { refusalText } from './parentRequests';
import { portalRequests } from './portalRequests';
import { portalTexts } from './texts';

const texts = portalTexts.forgot;

/** "Forgot password?": takes an email and always answers the same words (the server's), whoever it is. */
export default function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [answer, setAnswer] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setSending(true);
    setAnswer('');
    try {
      setAnswer((await portalRequests.forgotPassword({ email })).message);
    } catch (refused) {
      setAnswer(refusalText(refused, portalTexts.unreachable));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="portal-login card">
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {texts.heading}
      </h2>
      <p>{texts.intro}</p>
      <form aria-labelledby={`${id}-heading`} onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>
            {texts.emailLabel}
          </label>
          <input
            className="field__input"
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoCapitalize="off"
            spellCheck={false}
            autoComplete="email"
            required
          />
        </div>
        <div className="portal-login__answer" role="status">
          {answer ? <p>{answer}</p> : null}
        </div>
        <button type="submit" className="button button--primary portal-login__submit" disabled={sending}>
          {texts.submitLabel}
        </button>
      </form>
      <p className="portal-login__note">
        <button type="button" className="link-button" onClick={onBack}>
          {texts.backLabel}
        </button>
      </p>
    </div>
  );
}
