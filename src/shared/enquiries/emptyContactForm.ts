import { defaultContactType } from '#content/contact.ts';
import { defaultCountryCode } from '#content/countryCodes.ts';
import { contactFieldNames, emptyForm } from './formFields';

/** The blank contact form as the browser holds it; apart from formFields.ts, so the admission form's page does without the contact texts. */
export const emptyContactForm = emptyForm(contactFieldNames, {
  countryCode: defaultCountryCode,
  type: defaultContactType,
});
