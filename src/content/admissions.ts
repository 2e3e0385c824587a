/** The Admissions information page's texts. */
import { ADMISSIONS_YEAR } from './format';
import { admissionTermsNote } from './admissionEnquiry';
import { programs, type ProgramName } from './programs';
import { school } from './school';
import { admissionEnquiryLink } from './links';

export type AgeGroup = {
  title: string;
  /** e.g. '3 – 6 years' or 'Class 6 to Class 8' */
  ageLabel: string;
  program: ProgramName;
  text: string;
};

export type AdmissionStep = { title: string; text: string };

export const ageGroups: AgeGroup[] = [
  {
    title: 'Toddlers Community',
    ageLabel: programs.toddler.ageBand.label,
    program: 'toddler',
    text: 'A first step away from home, with a readiness check and a gentle, gradual settling-in.',
  },
  {
    title: 'Primary Community',
    ageLabel: programs.primary.ageBand.label,
    program: 'primary',
    text: "A three-year Children's House cycle building independence, language and number sense.",
  },
  {
    title: 'Elementary Community',
    ageLabel: programs.elementary.ageBand.label,
    program: 'elementary',
    text: `${programs.elementary.classes}: Cosmic Education, research projects and strong foundations in every subject.`,
  },
  {
    title: 'Adolescent Pathway',
    ageLabel: programs.adolescent.classes ?? programs.adolescent.ageBand.label,
    program: 'adolescent',
    text: 'The Montessori adolescent program with the Cambridge curriculum, leading towards IGCSE.',
  },
];

export const admissionSteps: AdmissionStep[] = [
  {
    title: 'Submit Inquiry',
    text: 'Fill in the admission enquiry form with a few details about your child and the program you are interested in.',
  },
  {
    title: 'Meet Us',
    text: 'Visit the campus with your child, observe a classroom and talk with our guides. For toddlers, this visit includes the readiness check.',
  },
  {
    title: 'Receive Confirmation',
    text: 'We confirm the offer of a place by email, with the fees, the starting date and the list of documents we need.',
  },
  {
    title: 'Submit Documents',
    text: "Send the completed admission form with your child's birth certificate, immunization record, photographs and, where relevant, the previous school's records.",
  },
  {
    title: 'Onboarding & Orientation',
    text: "Join our orientation for new families and begin a gradual settling-in planned together with your child's guide.",
  },
];

export const admissionsPage = {
  heading: 'Admissions',
  intro: `Thank you for considering ${school.name}. We keep our admissions process simple and personal, so that you can get to know us and we can get to know your child. Admissions are open for the ${ADMISSIONS_YEAR} academic year.`,
  ageGroupsHeading: 'Age Groups',
  stepsHeading: 'Admission Process',
  termsNote: admissionTermsNote,
  cta: admissionEnquiryLink,
};
