/** Texts of the home page apart from the hero slides and the Why Choose Us cards. */
import { ADMISSIONS_YEAR } from './format';
import { programNames, programs } from './programs';
import { school } from './school';

export const homePage = {
  heroButtons: {
    // The spec's label; the hidden words make the link meaningful out of context (WCAG 2.4.4).
    learnMore: { label: 'Learn More', hiddenLabel: ' about our approach', path: '/about/our-approach' },
    admissionEnquiry: { label: 'Admission Enquiry', path: '/admission-enquiry' },
  },
  /** Labels of the hero dot buttons: 'Go to slide 1' … */
  slideDotLabel: 'Go to slide',
  intro: {
    title: `Welcome to ${school.name}`,
    text: `For more than two decades, our classrooms in Perungudi have been places where children are trusted to learn by doing. Today, as one school formed from two, we walk with families from the toddler years all the way to Class 8.`,
  },
  programsTeaser: {
    title: 'Our Programs',
    text: 'Four communities, each prepared for a stage of childhood.',
    items: programNames.map((name) => ({
      name,
      title: programs[name].title,
      ageLabel: programs[name].ageBand.label,
      summary: programs[name].summary,
      path: `/programs/${name}`,
    })),
  },
  closingCta: {
    title: 'Come and visit us',
    text: `Admissions are open for ${ADMISSIONS_YEAR}. Book a visit, watch a Montessori morning and ask us anything.`,
    primary: { label: 'Admission Enquiry', path: '/admission-enquiry' },
    secondary: { label: 'Contact Us', path: '/contact' },
  },
};
