import { enquiryForms } from '#shared/enquiries/formPostResult.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import type { FormTools } from './enquiryFormOptions';
import type { Delivery } from './outbox/delivery';
import type { useFormSession } from './useFormSession';

/** How a form's outbox reaches the server: the tools' check and send, the form session's fill token and reCAPTCHA. */
export function formDelivery<Field extends string, Output>(
  form: EnquiryKind,
  loadTools: () => Promise<FormTools<Field, Output>>,
  session: Pick<ReturnType<typeof useFormSession>, 'fillTokenForSending' | 'siteKeyForSending'>,
): Delivery<Field, Output> {
  return {
    validate: async (answers) => (await loadTools()).validate(answers),
    formToken: session.fillTokenForSending,
    recaptchaSiteKey: session.siteKeyForSending,
    recaptchaToken: async (siteKey) =>
      (await import('./recaptcha')).recaptchaToken(siteKey, enquiryForms[form].recaptchaAction),
    send: async (data, envelope) => (await loadTools()).send(data, envelope),
  };
}
