import { z } from '#shared/zod.ts';
import { contactTypes, defaultContactType, type ContactType } from '#content/contact.ts';
import { atLeastTrimmed, emailAddress, personName, phoneAnswers, typedText, withCountryCode } from './fields';
import { fieldLimits } from './formFields';

const contactTypeValues = contactTypes.map((option) => option.value) as [ContactType, ...ContactType[]];

/** The contact form's fields, with the spec's messages (these end with a full stop, as docs/spec.md §5 writes them). */
export const contactFields = z.object({
  name: personName('Name must be at least 2 characters.'),
  email: emailAddress('Please enter a valid email address.'),
  ...phoneAnswers,
  type: z.enum(contactTypeValues).default(defaultContactType),
  message: typedText({ multiLine: true })
    .regex(atLeastTrimmed(10), 'Message must be at least 10 characters.')
    .trim()
    .max(fieldLimits.message, `Message must be at most ${fieldLimits.message} characters.`),
});

/** The contact form: its fields, with the country code settled (see withCountryCode). */
export const contactFormSchema = withCountryCode(contactFields);

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;
