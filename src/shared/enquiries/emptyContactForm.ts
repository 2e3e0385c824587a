import { defaultContactType } from '../../content/contact';
import { defaultCountryCode } from '../../content/countryCodes';
import { contactFieldNames, emptyForm } from './formFields';

/** The blank contact form as the browser holds it; apart from formFields.ts, so the admission form's page does without the contact texts. */
export const emptyContactForm = emptyForm(contactFieldNames, {
  countryCode: defaultCountryCode,
  type: defaultContactType,
});
