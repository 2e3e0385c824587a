import { useRef, useState } from 'react';
import { requestFormSession, type FormSession } from './formSessionRequest';
import { fillTokenIsRecent, type FillToken } from './outbox/enquiryStore';

/** Google's loader is imported with Google's script, once the parent is at the form (decision 0006). */
const preloadRecaptcha = (siteKey: string) =>
  void import('./recaptcha').then((recaptcha) => recaptcha.preloadRecaptcha(siteKey));

/** How long a send waits for a form token still on its way before it goes without one. */
const TOKEN_WAIT_MS = 15_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * The form session of one fill: its form token and reCAPTCHA's site key. Google's script is
 * loaded only once the parent has focused or typed in the form. `typedEarly`: the parent was
 * filling the form in before it could ask for its session.
 */
export function useFormSession(typedEarly: boolean) {
  const session = useRef<FormSession | undefined>(undefined);
  /**
   * The form token of this fill: from when the form was first shown, kept with the draft and the
   * outbox, so a parent who reloads and sends at once is not taken for a bot by the fill-time check.
   */
  const fillToken = useRef<FillToken>({});
  /** The parent has focused or typed in the form: only then is Google's script loaded. */
  const startedFilling = useRef(typedEarly);
  /** The fill token came after the parent had begun, so it marks less time than the fill took. */
  const tokenCameLate = useRef(false);
  /** The last request for a session that starts a fill. */
  const fillLoad = useRef<Promise<unknown>>(Promise.resolve());
  const renewingSession = useRef(false);
  // Known once the form session arrives; the form then says that reCAPTCHA is used (Google's terms).
  const [recaptchaSiteKey, setRecaptchaSiteKey] = useState<string | null>(null);

  const fillTokenIsFresh = () => fillTokenIsRecent(fillToken.current, Date.now());

  /**
   * startsFill: the parent is at the form now, so this token marks when filling began, unless
   * the fill already has a recent one (a restored draft keeps its own, so sending at once is fine).
   */
  function loadSession(startsFill: boolean): Promise<FormSession | undefined> {
    const load = requestFormSession().then(
      (answer) => {
        session.current = answer;
        if (startsFill && !fillTokenIsFresh()) {
          fillToken.current = { formToken: answer.formToken, formTokenAt: Date.now() };
          tokenCameLate.current = startedFilling.current;
        }
        setRecaptchaSiteKey(answer.recaptchaSiteKey);
        if (answer.recaptchaSiteKey && startedFilling.current) preloadRecaptcha(answer.recaptchaSiteKey);
        return answer;
      },
      () => undefined,
    );
    if (startsFill) fillLoad.current = load;
    return load;
  }

  /**
   * The fill token to send. On a slow connection the parent can press Send before the form's
   * session has come: the send waits for it (or asks again). A token that came after the parent
   * had begun is held until it is as old as the shortest fill the server allows; sent sooner, the
   * parent's enquiry would be kept as a robot's, in the Spam folder without emails (decision 0042).
   */
  async function fillTokenForSending(): Promise<string | undefined> {
    if (!fillToken.current.formToken) {
      const arrived = fillLoad.current.then(() => (fillToken.current.formToken ? undefined : loadSession(true)));
      await Promise.race([arrived, delay(TOKEN_WAIT_MS)]);
      // Whichever request brought it, it came after the enquiry was sent.
      tokenCameLate.current = true;
    }
    const { formToken, formTokenAt } = fillToken.current;
    if (formToken && formTokenAt !== undefined && tokenCameLate.current)
      await delay(formTokenAt + (session.current?.minFillMs ?? 0) - Date.now());
    return formToken;
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
    fillTokenForSending,
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
