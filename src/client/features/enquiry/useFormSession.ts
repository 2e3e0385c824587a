import { useRef, useState } from 'react';
import { requestFormSession, type FormSession } from './formSessionRequest';
import { fillTokenIsRecent, type FillToken } from './outbox/enquiryStore';

/** Google's loader is imported with Google's script, once the parent is at the form (decision 0006). */
const preloadRecaptcha = (siteKey: string) => void import('./recaptcha').then((recaptcha) => recaptcha.preloadRecaptcha(siteKey));

/**
 * The form session of one fill: its form token and reCAPTCHA's site key. Google's script is
 * loaded only once the parent has focused or typed in the form.
 */
export function useFormSession() {
  const session = useRef<FormSession | undefined>(undefined);
  /**
   * The form token of this fill: from when the form was first shown, kept with the draft and the
   * outbox, so a parent who reloads and sends at once is not taken for a bot by the fill-time check.
   */
  const fillToken = useRef<FillToken>({});
  /** The parent has focused or typed in the form: only then is Google's script loaded. */
  const startedFilling = useRef(false);
  const renewingSession = useRef(false);
  // Known once the form session arrives; the form then says that reCAPTCHA is used (Google's terms).
  const [recaptchaSiteKey, setRecaptchaSiteKey] = useState<string | null>(null);

  const fillTokenIsFresh = () => fillTokenIsRecent(fillToken.current, Date.now());

  /**
   * startsFill: the parent is at the form now, so this token marks when filling began, unless
   * the fill already has a recent one (a restored draft keeps its own, so sending at once is fine).
   */
  function loadSession(startsFill: boolean): Promise<FormSession | undefined> {
    return requestFormSession().then(
      (answer) => {
        session.current = answer;
        if (startsFill && !fillTokenIsFresh()) fillToken.current = { formToken: answer.formToken, formTokenAt: Date.now() };
        setRecaptchaSiteKey(answer.recaptchaSiteKey);
        if (answer.recaptchaSiteKey && startedFilling.current) preloadRecaptcha(answer.recaptchaSiteKey);
        return answer;
      },
      () => undefined,
    );
  }

  /** A missing or old fill token is replaced while the parent is at the form (one request at a time). */
  function renewFillToken() {
    if (fillTokenIsFresh() || renewingSession.current) return;
    renewingSession.current = true;
    void loadSession(true).finally(() => {
      renewingSession.current = false;
    });
  }

  return {
    fillToken,
    recaptchaSiteKey,
    loadSession,
    renewFillToken,
    /** The parent is (back) at the form: load reCAPTCHA the first time, and renew an old fill token. */
    atTheForm() {
      if (!startedFilling.current) {
        startedFilling.current = true;
        const siteKey = session.current?.recaptchaSiteKey;
        if (siteKey) preloadRecaptcha(siteKey);
      }
      renewFillToken();
    },
    // A token fetched only now would make a long fill look instant (kept as spam); so would a missing one.
    siteKeyForSending: async () => (session.current ?? (await loadSession(false)))?.recaptchaSiteKey,
    /** A new fill ("Send Another Message"): a new session and a new fill token. */
    startAgain() {
      session.current = undefined;
      fillToken.current = {};
      void loadSession(true);
    },
  };
}
