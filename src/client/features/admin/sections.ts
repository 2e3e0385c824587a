import { DUE_SECTION_PATH } from '#shared/admissions/dueFollowUps.ts';
import { roleAllows, type Permission, type StaffRole } from '#shared/staff/roles.ts';

/** The dashboard's sections, in menu order; each at its own address under /admin (decision 0036). */
export const sectionIds = [
  'contact',
  'admission',
  'spam',
  'due',
  'visits',
  'report',
  'parents',
  'data',
  'content',
  'staff',
  'activity',
  'account',
] as const;
export type SectionId = (typeof sectionIds)[number];

export type Section = {
  id: SectionId;
  /** Beneath /admin. */
  path: string;
  /** The menu's words, the heading's and the title's. */
  label: string;
  /** Who may open it; undefined: everyone signed in. */
  permission: Permission | undefined;
};

export const sections: Record<SectionId, Section> = {
  contact: { id: 'contact', path: '/enquiries/contact', label: 'Contact Form', permission: 'enquiries' },
  admission: { id: 'admission', path: '/enquiries/admission', label: 'Admission Form', permission: 'enquiries' },
  due: { id: 'due', path: DUE_SECTION_PATH, label: 'Due today', permission: 'enquiries' },
  visits: { id: 'visits', path: '/visits', label: 'Visits', permission: 'enquiries' },
  report: { id: 'report', path: '/report', label: 'Admissions report', permission: 'enquiries' },
  spam: { id: 'spam', path: '/spam', label: 'Spam', permission: 'enquiries' },
  parents: { id: 'parents', path: '/parents-corner', label: 'Parents’ Corner', permission: 'parents' },
  data: { id: 'data', path: '/data-requests', label: 'Data requests', permission: 'personalData' },
  content: { id: 'content', path: '/content', label: 'Site content', permission: 'content' },
  staff: { id: 'staff', path: '/staff', label: 'Staff', permission: 'staff' },
  activity: { id: 'activity', path: '/activity', label: 'Activity', permission: 'staff' },
  account: { id: 'account', path: '/account', label: 'Your account', permission: undefined },
};

export function sectionAllowed(section: Section, role: StaffRole): boolean {
  return section.permission === undefined || roleAllows(role, section.permission);
}

/** The sections a role sees in its menu. */
export function sectionsFor(role: StaffRole): Section[] {
  return sectionIds.map((id) => sections[id]).filter((section) => sectionAllowed(section, role));
}

/** Where /admin takes a role: the enquiries for the Owner and the Office, the site content for an Editor. */
export function firstSectionFor(role: StaffRole): Section {
  return sectionsFor(role)[0] ?? sections.account;
}

/**
 * Where /admin takes the Owner and the Office: the first with work waiting of Due today (a
 * follow-up due), the Contact Form (an unread enquiry) and the Admission Form (an unread one);
 * the Contact Form when none has. Contact comes before Admission as in the menu.
 */
export function busiestSection(waiting: { due: number; contactUnread: number; admissionUnread: number }): Section {
  if (waiting.due > 0) return sections.due;
  if (waiting.contactUnread === 0 && waiting.admissionUnread > 0) return sections.admission;
  return sections.contact;
}

/** The section a dashboard address shows ('/content/blog' is the site content's, '/parents-corner/notices' the Parents' Corner's), or undefined. */
export function sectionAt(location: string): Section | undefined {
  return sectionIds
    .map((id) => sections[id])
    .find((section) => location === section.path || location.startsWith(`${section.path}/`));
}
