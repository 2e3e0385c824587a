/**
 * Menus and link lists: the header menu, the footer link groups and the sitemap page.
 * Only paths of pages that exist on the site may appear here (the tests check this).
 */
import { school } from './school';

export type MenuItem = { label: string; path: string; children?: MenuItem[] };

export type LinkItem = { label: string; path: string };

export type LinkGroup = { title: string; links: LinkItem[] };

/** The call to action that appears across the site. */
export const admissionEnquiryLink: LinkItem = { label: 'Admission Enquiry', path: '/admission-enquiry' };

/** The scrolling banner in the page header */
export const admissionsBanner = {
  text: `Admissions open for the ${school.admissionsYear} academic year. Enquire now to visit our Perungudi campus.`,
  path: admissionEnquiryLink.path,
};

export const mainMenu: MenuItem[] = [
  { label: 'Home', path: '/' },
  {
    label: 'About Us',
    path: '/about',
    children: [
      { label: 'Our Approach', path: '/about/our-approach' },
      { label: 'Our Team', path: '/about/our-team' },
      { label: 'Awards & Recognition', path: '/about/awards-recognition' },
    ],
  },
  {
    label: 'Program',
    path: '/programs',
    children: [
      { label: 'Toddler', path: '/programs/toddler' },
      { label: 'Primary', path: '/programs/primary' },
      { label: 'Elementary', path: '/programs/elementary' },
      { label: 'Adolescent', path: '/programs/adolescent' },
    ],
  },
  { label: 'Admission', path: '/admissions' },
  { label: 'FAQ', path: '/faq' },
  { label: 'Testimonials', path: '/testimonials' },
  { label: 'Gallery', path: '/gallery' },
  { label: 'Blog', path: '/blog' },
  { label: 'Contact', path: '/contact' },
  { label: "Parents' Corner", path: '/parents-corner' },
];

export const footerLinkGroups: LinkGroup[] = [
  {
    title: 'Quick Links',
    links: [
      { label: 'About Us', path: '/about' },
      { label: 'Our Approach', path: '/about/our-approach' },
      { label: 'Our Team', path: '/about/our-team' },
      { label: 'Admissions', path: '/admissions' },
      { label: 'Admission Enquiry', path: '/admission-enquiry' },
      { label: 'Contact', path: '/contact' },
    ],
  },
  {
    title: 'Programs',
    links: [
      { label: 'Pre-Primary', path: '/programs/pre-primary' },
      { label: 'Primary', path: '/programs/primary' },
      { label: 'Elementary', path: '/programs/elementary' },
      { label: 'Adolescent', path: '/programs/adolescent' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'FAQ', path: '/faq' },
      { label: 'Blog', path: '/blog' },
      { label: 'Gallery', path: '/gallery' },
      { label: "Parents' Corner", path: '/parents-corner' },
      { label: 'Sitemap', path: '/sitemap' },
      { label: 'Admin', path: '/admin' },
    ],
  },
];

export const sitemapPage = {
  heading: 'Sitemap',
  intro: 'Every page of our website in one place.',
};

export const sitemapGroups: LinkGroup[] = [
  { title: 'Home', links: [{ label: 'Home', path: '/' }] },
  {
    title: 'About',
    links: [
      { label: 'About Us', path: '/about' },
      { label: 'Our Approach', path: '/about/our-approach' },
      { label: 'Our Team', path: '/about/our-team' },
      { label: 'Awards & Recognition', path: '/about/awards-recognition' },
    ],
  },
  {
    title: 'Programs',
    links: [
      { label: 'All Programs', path: '/programs' },
      { label: 'Toddler', path: '/programs/toddler' },
      { label: 'Pre-Primary', path: '/programs/pre-primary' },
      { label: 'Primary', path: '/programs/primary' },
      { label: 'Elementary', path: '/programs/elementary' },
      { label: 'Adolescent', path: '/programs/adolescent' },
    ],
  },
  {
    title: 'Admissions',
    links: [
      { label: 'Admissions', path: '/admissions' },
      { label: 'Admission Enquiry', path: '/admission-enquiry' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'FAQ', path: '/faq' },
      { label: 'Testimonials', path: '/testimonials' },
      { label: 'Gallery', path: '/gallery' },
      { label: 'Blog', path: '/blog' },
      { label: "Parents' Corner", path: '/parents-corner' },
      { label: 'Curriculum', path: '/curriculum' },
    ],
  },
  { title: 'Contact', links: [{ label: 'Contact Us', path: '/contact' }] },
  { title: 'Admin', links: [{ label: 'Admin Login', path: '/admin' }] },
];
