/**
 * <title> and meta description of every page. Titles do not include the school
 * name: the site adds ' | <school name>' to each title automatically.
 * Keep descriptions between 120 and 160 characters.
 */
import { cambridgeFromClass } from './programs';
import { school } from './school';

const [banyan, neemTree] = school.foundingSchools;

export type PageMeta = { title: string; description: string };

export const pageMeta = {
  home: {
    title: 'Montessori School in Perungudi, OMR, Chennai',
    description:
      'A Montessori school in Perungudi on OMR, Chennai, for toddlers to Class 8: calm prepared classrooms, a garden campus and a Cambridge adolescent program.',
  },
  about: {
    title: 'About Us',
    description: `Our story: two Montessori schools, founded in ${banyan.year} and ${neemTree.year}, came together in ${school.mergerYear} as one school on a garden campus in Perungudi, south Chennai.`,
  },
  ourApproach: {
    title: 'Our Approach',
    description:
      'How Montessori works in our Perungudi classrooms: prepared environments, mixed-age groups, freedom within limits and progress followed by observation.',
  },
  ourTeam: {
    title: 'Our Team',
    description:
      'Meet the trained Montessori guides, mentors and staff of our school in Perungudi, OMR, who know every child by name, from the toddler room to Class 8.',
  },
  awards: {
    title: 'Awards & Recognition',
    description:
      'Awards and recognition for our Montessori school in Perungudi, Chennai, including Best Montessori School on OMR and recognition for our green campus.',
  },
  curriculum: {
    title: 'Curriculum',
    description: `The Montessori curriculum at our Perungudi school: practical life, language, mathematics, cosmic education and the Cambridge curriculum from ${cambridgeFromClass}.`,
  },
  programs: {
    title: 'Our Programs',
    description:
      'Toddler, Primary, Elementary and Adolescent programs at our Montessori school on OMR, Chennai: one calm, continuous journey from toddlerhood to Class 8.',
  },
  faq: {
    title: 'Frequently Asked Questions',
    description:
      'Answers about Montessori education, admissions, curriculum, school hours, facilities and policies at our school in Perungudi, OMR, south Chennai.',
  },
  testimonials: {
    title: 'Parent Testimonials',
    description:
      'Parents share their experiences of our Montessori school in Perungudi, Chennai: toddlers settling in, children thriving and teenagers preparing for IGCSE.',
  },
  gallery: {
    title: 'Gallery',
    description:
      'Photos of everyday life at our Montessori school in Perungudi, OMR: toddler and primary classrooms, elementary research, the garden and our workshops.',
  },
  blog: {
    title: 'Blog',
    description:
      "Our founder's reflections on Montessori education, independence, reading, screens and school life at our campus in Perungudi, south Chennai.",
  },
  contact: {
    title: 'Contact Us',
    description:
      'Contact our Montessori school in Perungudi, off OMR, Chennai: address, phone numbers, email, office hours, a map and a form to send us your questions.',
  },
  parentsCorner: {
    title: "Parents' Corner",
    description:
      "The Parents' Corner for families of our Perungudi school: upcoming events, notices, the school calendar, parent handbook, fee structure and forms.",
  },
  admissionEnquiry: {
    title: 'Admission Enquiry',
    description:
      'Send an admission enquiry to our Montessori school in Perungudi, OMR, Chennai. Tell us about your child and we will invite you to visit the campus.',
  },
  admissions: {
    title: 'Admissions',
    description: `Admissions at our Perungudi Montessori school: age groups from toddlers to Class 8, a simple process and intakes in ${school.termsLabel}.`,
  },
  admin: {
    title: 'Staff Login',
    description:
      'Staff login for the school office of our Montessori school in Perungudi, Chennai, to review contact messages and admission enquiries from families.',
  },
  sitemap: {
    title: 'Sitemap',
    description:
      "All pages of our Montessori school website in one list: about us, programs, admissions, FAQ, gallery, blog, contact and the Parents' Corner.",
  },
  privacy: {
    title: 'Privacy Notice',
    description:
      'What our enquiry forms collect and why, how long we keep it, who receives it, and how to see, correct or erase your details or raise a complaint.',
  },
  notFound: {
    title: 'Page Not Found',
    description:
      'Sorry, we could not find that page. Explore our Montessori school in Perungudi, OMR, Chennai from the home page, our programs or the sitemap.',
  },
} satisfies Record<string, PageMeta>;

export type PageKey = keyof typeof pageMeta;

/** Texts of the 404 page */
export const notFoundPage = {
  heading: '404 Page Not Found',
  hint: 'The page you requested does not exist. Check the address for typos, or use the links below to find your way.',
  links: [
    { label: 'Home', path: '/' },
    { label: 'Sitemap', path: '/sitemap' },
    { label: 'Contact Us', path: '/contact' },
  ],
};
