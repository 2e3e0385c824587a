/**
 * The reCAPTCHA v3 loader (docs/spec.md §7): loads the provider script with the site key, waits
 * 1000 ms after it has loaded, then asks for a token for a named action. Used only when the
 * server hands out a site key; without one nothing external is ever loaded. Every failure is
 * logged and answered with an empty token, so the enquiry is still sent.
 */
type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SETTLE_AFTER_LOAD_MS = 1000;
/** On a slow connection the parent should not wait long for the anti-bot check. */
const TOKEN_TIMEOUT_MS = 8000;

let loading: { siteKey: string; ready: Promise<void> } | undefined;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function loadScript(siteKey: string): Promise<void> {
  if (loading?.siteKey === siteKey) return loading.ready;
  const ready = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      void delay(SETTLE_AFTER_LOAD_MS).then(resolve);
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('Failed to load reCAPTCHA script'));
    };
    document.head.append(script);
  });
  loading = { siteKey, ready };
  // A failed load (offline, blocked) is tried again at the next request.
  ready.catch(() => {
    if (loading?.ready === ready) loading = undefined;
  });
  return ready;
}

const logFailure = (error: unknown) => console.warn(error instanceof Error ? error.message : String(error));

/** Starts loading early (when the form appears), so the token is quick at submit time. */
export function preloadRecaptcha(siteKey: string): void {
  loadScript(siteKey).catch(logFailure);
}

async function requestToken(siteKey: string, action: string): Promise<string> {
  await loadScript(siteKey);
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) throw new Error('reCAPTCHA not loaded');
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  try {
    return await grecaptcha.execute(siteKey, { action });
  } catch (error) {
    throw new Error('CAPTCHA execution failed', { cause: error });
  }
}

/** A token for the action, or '' when reCAPTCHA is off or fails (logged). */
export async function recaptchaToken(siteKey: string | null | undefined, action: string): Promise<string> {
  if (!siteKey) return '';
  try {
    return await Promise.race([
      requestToken(siteKey, action),
      delay(TOKEN_TIMEOUT_MS).then(() => {
        throw new Error('reCAPTCHA timed out');
      }),
    ]);
  } catch (error) {
    logFailure(error);
    return '';
  }
}
