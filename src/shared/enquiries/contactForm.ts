import { z } from '../zod';
import { contactTypes, defaultContactType, type ContactType } from '../../content/contact';
import { countryCodeField, emailAddress, fieldLimits, personName, phoneDigits } from './fields';

const contactTypeValues = contactTypes.map((option) => option.value) as [ContactType, ...ContactType[]];

/** The contact form, with the spec's messages (these end with a full stop, as section 5 writes them). */
export const contactFormSchema = z.object({
  name: personName('Name must be at least 2 characters.'),
  email: emailAddress('Please enter a valid email address.'),
  countryCode: countryCodeField,
  phone: phoneDigits,
  type: z.enum(contactTypeValues).default(defaultContactType),
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters.')
    .max(fieldLimits.message, `Message must be at most ${fieldLimits.message} characters.`),
});

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;

export const emptyContactForm: ContactFormInput = {
  name: '',
  email: '',
  countryCode: '+91',
  phone: '',
  type: defaultContactType,
  message: '',
};
