import { enquiryForms } from '../../../shared/enquiries/formPostResult';
import type { EnquiryKind } from '../../../shared/enquiries/kinds';
import type { FormTools } from './formTypes';
import type { loadOnce } from './loadOnce';
import type { Delivery } from './outbox/delivery';
import type { useFormSession } from './useFormSession';

/** How the outbox reaches the server for a form: its tools (loaded on need), the session's fill token and reCAPTCHA. */
export function formDelivery<Field extends string, Output>(
  form: EnquiryKind,
  tools: ReturnType<typeof loadOnce<FormTools<Field, Output>>>,
  session: ReturnType<typeof useFormSession>,
): Delivery<Field, Output> {
  return {
    validate: async (answers) => (await tools.load()).validate(answers),
    formToken: session.fillTokenForSending,
    recaptchaSiteKey: session.siteKeyForSending,
    recaptchaToken: async (siteKey) =>
      (await import('./recaptcha')).recaptchaToken(siteKey, enquiryForms[form].recaptchaAction),
    send: async (data, envelope) => (await tools.load()).send(data, envelope),
  };
}

/** The booking link in an admission enquiry's answer (issue 24 §2), if there is one. */
export const bookingUrlOf = (answer: unknown) =>
  typeof answer === 'object' && answer !== null && 'bookingUrl' in answer && typeof answer.bookingUrl === 'string'
    ? answer.bookingUrl
    : undefined;
