/** Texts around the enquiry form on /admission-enquiry (field rules live with the form). */
import { numberWord, ADMISSIONS_YEAR } from './format';
import { school } from './school';

/** When children can join; the Admissions page says it too. */
export const admissionTermsNote = `We welcome admissions for ${numberWord(school.terms.length)} terms beginning in ${school.termsLabel}.`;

export const admissionEnquiryPage = {
  heading: 'Admission Enquiry',
  intro: `Tell us a little about your child and we will get in touch within two working days to arrange a visit. Admissions are open for ${ADMISSIONS_YEAR}.`,
  thankYou: {
    title: 'Thank You!',
    text: 'Your admission enquiry has reached us. Our admissions team will contact you soon to arrange a visit.',
    buttonLabel: 'Submit Another Enquiry',
  },
};
