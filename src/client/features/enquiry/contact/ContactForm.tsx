import { contactPage, contactTypes, defaultContactType } from '#content/contact.ts';
import type { ContactForm as ContactFormData } from '#shared/enquiries/contactForm.ts';
import { defaultCountryCode } from '#content/countryCodes.ts';
import { emptyForm, fieldLimits } from '#shared/enquiries/formFields.ts';
import { enquiryForms } from '#shared/enquiries/formPostResult.ts';
import { enquiryOutcomeMessages } from '#shared/enquiries/outcomeMessages.ts';
import { EnquiryFormFrame } from '../EnquiryFormFrame';
import { PhoneField, PreferredCallTimeField, SelectField, TextAreaField, TextField } from '../fields';
import { useEnquiryForm } from '../useEnquiryForm';
import type { EnquiryFormOptions } from '../enquiryFormOptions';

/** The form's fields in the order they appear; the schema's keys are these (contactForm.test.ts). */
export const contactFieldNames = [
  'name',
  'email',
  'countryCode',
  'phone',
  'type',
  'preferredCallTime',
  'message',
] as const;

type ContactField = (typeof contactFieldNames)[number];

export const emptyContactForm = emptyForm(contactFieldNames, {
  countryCode: defaultCountryCode,
  type: defaultContactType,
});

const contactFormOptions: EnquiryFormOptions<ContactField, ContactFormData> = {
  form: 'contact',
  action: enquiryForms.contact.action,
  fields: contactFieldNames,
  empty: emptyContactForm,
  tools: () => import('./contactTools').then((module) => module.contactTools),
  texts: { successToast: enquiryOutcomeMessages.contact.success, failureToast: enquiryOutcomeMessages.contact.failure },
};

/** Only its own page imports this module, so no other page downloads the form and its client. */
export function ContactForm() {
  const form = useEnquiryForm(contactFormOptions);
  const { values, setValue, error } = form;
  const texts = contactPage.form;

  return (
    <EnquiryFormFrame
      form={form}
      name={{ heading: texts.heading, headingId: 'contact-form-heading' }}
      thankYou={{ title: texts.successTitle, text: texts.successText, buttonLabel: texts.sendAnotherLabel }}
      formPath={enquiryForms.contact.page}
      submitLabel={texts.submitLabel}
    >
      <div className="enquiry-form__row">
        <TextField
          name="name"
          label="Your Name"
          autoComplete="name"
          maxLength={fieldLimits.name}
          value={values.name}
          error={error('name')}
          onChange={(value) => setValue('name', value)}
        />
        <TextField
          name="email"
          label="Email Address"
          type="email"
          autoComplete="email"
          maxLength={fieldLimits.email}
          value={values.email}
          error={error('email')}
          onChange={(value) => setValue('email', value)}
        />
      </div>
      <div className="enquiry-form__row">
        <PhoneField
          countryCode={values.countryCode}
          phone={values.phone}
          countryCodeError={error('countryCode')}
          phoneError={error('phone')}
          onCountryCodeChange={(value) => setValue('countryCode', value)}
          onPhoneChange={(value) => setValue('phone', value)}
        />
        <SelectField
          name="type"
          label="Enquiry Type"
          options={contactTypes}
          value={values.type}
          error={error('type')}
          onChange={(value) => setValue('type', value)}
        />
      </div>
      <div className="enquiry-form__row">
        <PreferredCallTimeField
          value={values.preferredCallTime}
          error={error('preferredCallTime')}
          onChange={(value) => setValue('preferredCallTime', value)}
        />
      </div>
      <TextAreaField
        name="message"
        label="Message"
        rows={6}
        maxLength={fieldLimits.message}
        value={values.message}
        error={error('message')}
        onChange={(value) => setValue('message', value)}
      />
    </EnquiryFormFrame>
  );
}
