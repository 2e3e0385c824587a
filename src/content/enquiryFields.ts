/**
 * How the school speaks of each answer of the two enquiry forms, declared once (decision 0060): the
 * label the office's dashboard, email and spreadsheet give it, and why the privacy notice says it
 * is asked, in the order the forms ask them. Each field's rule and messages are in its form's schema
 * (src/shared/enquiries/contactForm.ts, admissionForm.ts); the names the form pages know without the
 * schemas are in the forms' components (decision 0006). A test holds the three to the same fields.
 */

/**
 * How one answer is named: `label` is the spec's CSV header, which the dashboard and the office's
 * email show too; `why` is its line in the privacy notice's list of what a form collects;
 * `sinceSpec` marks a field added to the forms after the spec: its CSV column comes after the spec's.
 */
export type FieldText = { label: string; why: string; sinceSpec?: true };

/** Asked by both forms in the same words. */
const preferredCallTime: FieldText = {
  label: 'Preferred Time to Call',
  why: 'the time of day you prefer to be called, if you choose one;',
  sinceSpec: true,
};

/** Every field but the country code, which is part of the phone: staff see it in the phone, and the notice explains them together. */
export const contactFieldTexts = {
  name: { label: 'Name', why: 'your name, so we know whom we are answering;' },
  email: { label: 'Email', why: 'your email address, to reply and to confirm we received your message;' },
  phone: { label: 'Phone', why: 'your phone number, to call you back;' },
  type: { label: 'Type', why: 'what your message is about, so the right person answers;' },
  preferredCallTime,
  message: { label: 'Message', why: 'your message.' },
} satisfies Record<string, FieldText>;

export const admissionFieldTexts = {
  studentName: { label: 'Child Name', why: "your child's name," },
  birthDate: {
    label: 'Child Age',
    why: "your child's date of birth, to know which program and class suit their age;",
  },
  parentName: { label: 'Parent Name', why: 'your name, as parent or guardian;' },
  email: { label: 'Email', why: 'your email address, to reply and to confirm we received your enquiry;' },
  phone: { label: 'Phone', why: 'your phone number, to call you about a visit;' },
  programOfInterest: { label: 'Program', why: 'the program you are interested in;' },
  preferredCallTime,
  message: { label: 'Message', why: 'anything else you tell us;' },
  guardianConfirmed: {
    label: 'Parent or Guardian',
    why: "your confirmation that you are the child's parent or guardian, because a child's details should come from them.",
    sinceSpec: true,
  },
} satisfies Record<string, FieldText>;
