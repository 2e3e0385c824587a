/**
 * When a form is posted without JavaScript, the server answers with the same page rendered
 * around the outcome: the thank-you view, or the form again with the parent's values and the
 * field messages. The server renderer hands this to the page; the form reads it as its first state.
 */
import type { EnquiryKind } from './kinds';

/**
 * Each form's page, the address it posts to, and the reCAPTCHA action its token is requested
 * for (docs/spec.md §7; the server checks the token was made for it), and its checkboxes, which
 * a form post leaves out when they are not ticked. Without JavaScript the
 * answer is a page at the action address, so the client treats that address as the form's page.
 */
export const enquiryForms = {
  contact: { page: '/contact', action: '/api/contact', recaptchaAction: 'submit_contact_form', checkboxes: [] },
  admission: {
    page: '/admission-enquiry',
    action: '/api/admission-enquiry',
    recaptchaAction: 'admission_form',
    checkboxes: ['guardianConfirmed'],
  },
} as const satisfies Record<
  EnquiryKind,
  { page: string; action: string; recaptchaAction: string; checkboxes: readonly string[] }
>;

/**
 * The id of a form's thank-you. The forms post to their action with it as the fragment, so that
 * without JavaScript the browser opens the thank-you page there rather than at its top, where on a
 * phone the Thank You! was two screens down and a parent might send again. The form itself has no
 * such id: a page with a fragment target skips autofocus, which brings the error summary into view.
 */
export const thankYouAnchor = 'thank-you';

/** The address a form posts to: its action, opening at the thank-you. */
export const formPostAddress = (action: string) => `${action}#${thankYouAnchor}`;

export type FormPostResult = {
  form: EnquiryKind;
  outcome: 'sent' | 'invalid' | 'failed';
  /** What the parent typed, to show again (never for 'sent'). */
  values: Record<string, string>;
  /** Messages per field, as zod's flattened field errors give them. */
  fieldErrors: Record<string, string[] | undefined>;
  /** A message for the whole form (rate limit, server failure). */
  formError?: string;
  /** Where the family books a visit, once an admission enquiry is sent (issue 24 §2). */
  bookingUrl?: string;
};
