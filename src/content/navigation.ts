/**
 * Menus and link lists: the header menu, the footer link groups and the sitemap page, as
 * outlines of labels and page keys (no addresses: see PageLinkKey), and the admissions banner.
 * The browser receives them as data with each page (client/app/pageDataLoaders.ts), never in its
 * JavaScript.
 */
import { admissionEnquiryLink, type PageLinkKey } from './links';
import { school } from './school';

export type NavLink = { to: PageLinkKey; label: string };

export type MenuEntry = NavLink & { children?: NavLink[] };

export type NavGroup = { title: string; links: NavLink[] };

/** The scrolling banner in the page header */
export const admissionsBanner = {
  text: `Admissions open for the ${school.admissionsYear} academic year. Enquire now to visit our Perungudi campus.`,
  path: admissionEnquiryLink.path,
};

export const menuOutline: MenuEntry[] = [
  { to: 'home', label: 'Home' },
  {
    to: 'about',
    label: 'About Us',
    children: [
      { to: 'ourApproach', label: 'Our Approach' },
      { to: 'ourTeam', label: 'Our Team' },
      { to: 'awards', label: 'Awards & Recognition' },
    ],
  },
  {
    to: 'programs',
    label: 'Program',
    children: [
      { to: 'toddler', label: 'Toddler' },
      { to: 'primary', label: 'Primary' },
      { to: 'elementary', label: 'Elementary' },
      { to: 'adolescent', label: 'Adolescent' },
    ],
  },
  { to: 'admissions', label: 'Admission' },
  { to: 'faq', label: 'FAQ' },
  { to: 'testimonials', label: 'Testimonials' },
  { to: 'gallery', label: 'Gallery' },
  { to: 'blog', label: 'Blog' },
  { to: 'contact', label: 'Contact' },
  { to: 'parentsCorner', label: "Parents' Corner" },
];

export const footerOutline: NavGroup[] = [
  {
    title: 'Quick Links',
    links: [
      { to: 'about', label: 'About Us' },
      { to: 'ourApproach', label: 'Our Approach' },
      { to: 'ourTeam', label: 'Our Team' },
      { to: 'admissions', label: 'Admissions' },
      { to: 'admissionEnquiry', label: 'Admission Enquiry' },
      { to: 'contact', label: 'Contact' },
    ],
  },
  {
    title: 'Programs',
    links: [
      { to: 'pre-primary', label: 'Pre-Primary' },
      { to: 'primary', label: 'Primary' },
      { to: 'elementary', label: 'Elementary' },
      { to: 'adolescent', label: 'Adolescent' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: 'faq', label: 'FAQ' },
      { to: 'blog', label: 'Blog' },
      { to: 'gallery', label: 'Gallery' },
      { to: 'parentsCorner', label: "Parents' Corner" },
      { to: 'sitemap', label: 'Sitemap' },
      { to: 'privacy', label: 'Privacy' },
      { to: 'admin', label: 'Admin' },
    ],
  },
];

export const sitemapPage = {
  heading: 'Sitemap',
  intro: 'Every page of our website in one place.',
};

export const sitemapOutline: NavGroup[] = [
  { title: 'Home', links: [{ to: 'home', label: 'Home' }] },
  {
    title: 'About',
    links: [
      { to: 'about', label: 'About Us' },
      { to: 'ourApproach', label: 'Our Approach' },
      { to: 'ourTeam', label: 'Our Team' },
      { to: 'awards', label: 'Awards & Recognition' },
    ],
  },
  {
    title: 'Programs',
    links: [
      { to: 'programs', label: 'All Programs' },
      { to: 'toddler', label: 'Toddler' },
      { to: 'pre-primary', label: 'Pre-Primary' },
      { to: 'primary', label: 'Primary' },
      { to: 'elementary', label: 'Elementary' },
      { to: 'adolescent', label: 'Adolescent' },
    ],
  },
  {
    title: 'Admissions',
    links: [
      { to: 'admissions', label: 'Admissions' },
      { to: 'admissionEnquiry', label: 'Admission Enquiry' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: 'faq', label: 'FAQ' },
      { to: 'testimonials', label: 'Testimonials' },
      { to: 'gallery', label: 'Gallery' },
      { to: 'blog', label: 'Blog' },
      { to: 'parentsCorner', label: "Parents' Corner" },
      { to: 'privacy', label: 'Privacy Notice' },
      { to: 'curriculum', label: 'Curriculum' },
    ],
  },
  { title: 'Contact', links: [{ to: 'contact', label: 'Contact Us' }] },
  { title: 'Admin', links: [{ to: 'admin', label: 'Admin Login' }] },
];
