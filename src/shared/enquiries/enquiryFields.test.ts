import { describe, expect, it } from 'vitest';
import { admissionFieldTexts, contactFieldTexts } from '#content/enquiryFields.ts';
import { admissionFields } from './admissionForm';
import { contactFields } from './contactForm';
import { enquiryFields } from './enquiryFields';
import { admissionFieldNames } from '#client/features/enquiry/admission/AdmissionForm.tsx';
import { contactFieldNames } from '#client/features/enquiry/contact/ContactForm.tsx';

const forms = {
  contact: { texts: contactFieldTexts, names: contactFieldNames, schemaKeys: Object.keys(contactFields.shape) },
  admission: {
    texts: admissionFieldTexts,
    names: admissionFieldNames,
    schemaKeys: Object.keys(admissionFields().shape),
  },
};

describe('the fields as declared once (content/enquiryFields.ts)', () => {
  it.each(['contact', 'admission'] as const)(
    'name every field of the %s form but the country code, in the order the form asks them, and nothing else',
    (kind) => {
      const { texts, names, schemaKeys } = forms[kind];
      const answered = names.filter((name) => name !== 'countryCode');
      expect(Object.keys(texts)).toEqual(answered);
      expect([...answered, 'countryCode'].sort()).toEqual([...schemaKeys].sort());
    },
  );

  it.each(['contact', 'admission'] as const)('give staff the %s form’s fields with their declared labels', (kind) => {
    expect(enquiryFields[kind].map(({ name, label }) => [name, label])).toEqual(
      Object.entries(forms[kind].texts).map(([name, { label }]) => [name, label]),
    );
  });
});
