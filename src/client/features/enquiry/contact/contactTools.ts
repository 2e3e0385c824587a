import { contactFormSchema, type ContactForm, type ContactFormInput } from '#shared/enquiries/contactForm.ts';
import { apiClient } from '#client/api/apiClient.ts';
import type { FormTools } from '../enquiryFormOptions';
import { validateWith } from '../validation';

/** Loaded by the contact form once the parent starts filling it in: the shared schema and the tRPC procedure. */
export const contactTools: FormTools<keyof ContactFormInput, ContactForm> = {
  validate: (values) => validateWith(contactFormSchema, values),
  send: (data, envelope) => apiClient().enquiries.submitContact.mutate({ ...data, ...envelope }),
};
