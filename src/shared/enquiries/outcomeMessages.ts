import type { EnquiryKind } from './kinds';

/** The spec's texts (docs/spec.md §8) for a sent or failed enquiry, shared by the forms' toasts and the REST answers. */
export const enquiryOutcomeMessages = {
  contact: {
    success: "Your message has been sent. We'll be in touch soon.",
    failure: 'Failed to send message. Please try again.',
  },
  admission: {
    success: "Your admission enquiry has been received. We'll be in touch soon.",
    failure: 'Failed to send your admission enquiry. Please try again.',
  },
} as const satisfies Record<EnquiryKind, { success: string; failure: string }>;
