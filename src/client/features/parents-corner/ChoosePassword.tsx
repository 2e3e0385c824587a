import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { parentMessages } from '#shared/parents/parentMessages.ts';
import { MIN_STAFF_PASSWORD_LENGTH, PASSWORD_ADVICE } from '#shared/staff/newPassword.ts';
import { ParentRequestError, refusalText, type LinkHolder } from './parentRequests';
import { portalRequests } from './portalRequests';
import { portalTexts } from './texts';

const texts = portalTexts.link;
export const newPasswordHint = `At least ${MIN_STAFF_PASSWORD_LENGTH} characters. ${PASSWORD_ADVICE}`;

/**
 * The page of an invitation or a reset link: whose link it is, and a form to choose a password.
 * Opening it uses nothing up (mail scanners open links); the button does. Loaded with the page
 * only when the address holds a link.
 */
export default function ChoosePassword({ token, onChosen }: { token: string; onChosen: (message: string) => void }) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [holder, setHolder] = useState<LinkHolder | 'checking' | { refused: string }>('checking');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  useEffect(() => {
    portalRequests.linkHolder({ token }).then(setHolder, (refused: unknown) =>
      setHolder({
        refused:
          refused instanceof ParentRequestError && refused.status !== undefined && refused.status < 500
            ? parentMessages.linkInvalid
            : portalTexts.unreachable,
      }),
    );
  }, [token]);

  useEffect(() => {
    if (holder !== 'checking') headingRef.current?.focus();
  }, [holder !== 'checking']);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setSending(true);
    setError('');
    try {
      onChosen((await portalRequests.choosePassword({ token, password })).message);
    } catch (refused) {
      setSending(false);
      setError(refusalText(refused, portalTexts.unreachable));
    }
  }

  if (holder === 'checking')
    return (
      <div className="portal-login card">
        <p role="status">{texts.checking}</p>
      </div>
    );
  if ('refused' in holder)
    return (
      <div className="portal-login card">
        <h2 ref={headingRef} tabIndex={-1}>
          {texts.invalidHeading}
        </h2>
        <p>{holder.refused}</p>
      </div>
    );
  return (
    <div className="portal-login card">
      <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1}>
        {holder.purpose === 'invitation' ? texts.invitationHeading(holder.name) : texts.resetHeading(holder.name)}
      </h2>
      <p>{texts.intro(holder.email)}</p>
      <form aria-labelledby={`${id}-heading`} onSubmit={submit}>
        {/* For password managers: the account the new password is for. */}
        <input type="hidden" name="username" autoComplete="username" value={holder.email} />
        <div className="portal-login__error" role="alert" id={`${id}-error`}>
          {error ? <p>{error}</p> : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-password`}>
            {texts.passwordLabel}
          </label>
          <input
            className="field__input"
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="new-password"
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            required
          />
          <span id={`${id}-hint`} className="field__hint">
            {newPasswordHint}
          </span>
        </div>
        <button type="submit" className="button button--primary portal-login__submit" disabled={sending}>
          {texts.submitLabel}
        </button>
      </form>
    </div>
  );
}
