/**
 * What the office edits in the dashboard's "Site content" tab and publishes (issue 11): the
 * announcement banner above every page, the admissions year the site states, Parents'
 * Corner's events and notices, and the school facts (schoolFacts.ts). One schema for the
 * dashboard's form, the server's check and the stored drafts and revisions.
 */
import { withAdmissionsYear } from '../../content/format';
import { admissionsBanner } from '../../content/navigation';
import { parentEvents, parentNotices } from '../../content/parentsCorner';
import { school } from '../../content/school';
import { parseCalendarDate } from '../enquiries/birthDate';
import { matchRoute, resolveRoute } from '../routes';
import { blogPostsSchema, postAt, postFormerlyAt, slugSchema, startingBlogPosts, type BlogPost } from './blogPosts';
import { schoolDate } from '../dashboard/query';
import { schoolToday } from '../time';
import { z } from '../zod';
import { schoolFactsSchema, startingFacts } from './schoolFacts';
import { gallerySchema, startingGallery } from './gallery';
import { startingTeam, teamSchema } from './team';
import { startingTestimonials, testimonialsSchema } from './testimonials';

/** The dashboard's labels, by field: the announcement's five, then the year. */
export const siteContentLabels = {
  text: 'Announcement text',
  link: 'Link (optional)',
  shown: 'Show the announcement on every page',
  from: 'Show from (optional)',
  until: 'Show until (optional)',
  admissionsYear: 'Admissions year',
} as const;

/** The fields of each event and notice, and how the dashboard names each list's items. */
export const listItemLabels = { title: 'Title', date: 'Date', text: 'Text' } as const;

export const siteContentLists = {
  events: { item: 'event', add: 'Add an event', hint: "An event shows on Parents' Corner until its day has passed, then drops off by itself." },
  notices: { item: 'notice', add: 'Add a notice', hint: "A notice stays on Parents' Corner until you remove it. Its date is the day it was given." },
} as const;

export type SiteContentList = keyof typeof siteContentLists;

/** Beside the date of an event the dashboard still lists but the site no longer shows. */
export const pastEventNote = 'This day has passed: the event is no longer on the site.';

/** At most this many events, and as many notices: a page a parent reads, not an archive. */
export const LIST_MAX_ITEMS = 30;

export const siteContentMessages = {
  textMissing: 'Please write the announcement.',
  textTooLong: 'Please keep the announcement under 200 characters.',
  linkInvalid: 'Please give a page of this site, such as /admission-enquiry, or a full address starting with https://',
  untilBeforeFrom: 'The last day cannot be before the first day.',
  yearInvalid: 'Please write the admissions year as two years, such as 2026-27.',
  eventTitleMissing: 'Please give the event a title.',
  noticeTitleMissing: 'Please give the notice a title.',
  titleTooLong: 'Please keep the title under 120 characters.',
  eventDateInvalid: 'Please give the day of the event, such as 2026-12-05.',
  noticeDateInvalid: 'Please give the day of the notice, such as 2026-12-05.',
  eventTextMissing: 'Please say a few words about the event.',
  noticeTextMissing: 'Please write the notice.',
  itemTextTooLong: 'Please keep the text under 600 characters.',
  tooManyEvents: `Please list at most ${LIST_MAX_ITEMS} events.`,
  tooManyNotices: `Please keep at most ${LIST_MAX_ITEMS} notices. Remove the oldest ones.`,
  nothingToPublish: 'There are no changes to publish.',
  revisionMissing: 'This revision no longer exists.',
  notBuilt: 'This server has no built site to show a preview with. Run npm run build on the server.',
  notPublished: 'The site could not be updated, so nothing was published. Your changes are kept as a draft: please try again in a few minutes.',
  notPublishedNorSaved: 'The site could not be updated, and your changes could not be saved either. Keep this page open and try again in a few minutes.',
  notRestored: 'The site could not be updated, so the earlier version was not brought back. Please try again in a few minutes.',
} as const;

const linkPath = (link: string) => link.split(/[?#]/)[0] ?? link;

/** A page of this site that exists (no 404), or an https address elsewhere. A blog post's address is checked against the posts with the whole content. */
function isAllowedLink(link: string): boolean {
  if (link.startsWith('/')) {
    if (link.startsWith('//')) return false;
    const route = matchRoute(linkPath(link));
    return route.page === 'blogPost' ? slugSchema.safeParse(route.params.slug).success : resolveRoute(route.path, []).status === 200;
  }
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}

const optionalDate = z.union([z.literal(''), schoolDate]).optional().transform((value) => value || undefined);

export const announcementSchema = z
  .object({
    text: z.string().trim().min(1, siteContentMessages.textMissing).max(200, siteContentMessages.textTooLong),
    link: z
      .string()
      .trim()
      .max(500, siteContentMessages.linkInvalid)
      .refine((link) => link === '' || isAllowedLink(link), siteContentMessages.linkInvalid)
      .optional()
      .transform((link) => link || undefined),
    shown: z.boolean(),
    from: optionalDate,
    until: optionalDate,
  })
  .refine(({ from, until }) => !from || !until || from <= until, { message: siteContentMessages.untilBeforeFrom, path: ['until'] });

/** "2026-27": a school year, the second year the one after the first. */
export const admissionsYearSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}$/, siteContentMessages.yearInvalid)
  .refine((year) => (Number(year.slice(0, 4)) + 1) % 100 === Number(year.slice(5)), siteContentMessages.yearInvalid);

/** One event or notice: its title, its school date (YYYY-MM-DD) and a few sentences. */
function listItemSchema(messages: { titleMissing: string; dateInvalid: string; textMissing: string }) {
  return z.object({
    title: z.string().trim().min(1, messages.titleMissing).max(120, siteContentMessages.titleTooLong),
    date: z.string().trim().refine((value) => parseCalendarDate(value) !== undefined, messages.dateInvalid),
    text: z.string().trim().min(1, messages.textMissing).max(600, siteContentMessages.itemTextTooLong),
  });
}

export const eventSchema = listItemSchema({
  titleMissing: siteContentMessages.eventTitleMissing,
  dateInvalid: siteContentMessages.eventDateInvalid,
  textMissing: siteContentMessages.eventTextMissing,
});

export const noticeSchema = listItemSchema({
  titleMissing: siteContentMessages.noticeTitleMissing,
  dateInvalid: siteContentMessages.noticeDateInvalid,
  textMissing: siteContentMessages.noticeTextMissing,
});

export type ListItem = z.output<typeof eventSchema>;

/** The lists that ship in src/content, the year's mark filled in: the office edits the words it sees. */
const startingList = (items: readonly { title: string; date: string; text: string }[]): ListItem[] =>
  items.map((item) => ({ ...item, text: withAdmissionsYear(item.text, school.admissionsYear) }));

/** A link to a blog post must lead to one of the posts published with it (its address now or an earlier one). */
const linksToAPost = (link: string | undefined, posts: readonly BlogPost[]) => {
  const route = link?.startsWith('/') ? matchRoute(linkPath(link)) : undefined;
  const slug = route?.page === 'blogPost' ? route.params.slug : undefined;
  return slug === undefined || postAt(posts, slug) !== undefined || postFormerlyAt(posts, slug) !== undefined;
};

export const siteContentSchema = z
  .object({
    announcement: announcementSchema,
    admissionsYear: admissionsYearSchema,
    // Content stored before the lists could be edited has none: it gets the starting ones, which the site showed then.
    events: z.array(eventSchema).max(LIST_MAX_ITEMS, siteContentMessages.tooManyEvents).default(() => startingList(parentEvents)),
    notices: z.array(noticeSchema).max(LIST_MAX_ITEMS, siteContentMessages.tooManyNotices).default(() => startingList(parentNotices)),
    blogPosts: blogPostsSchema.default(startingBlogPosts),
    schoolFacts: schoolFactsSchema.default(startingFacts),
    gallery: gallerySchema.default(startingGallery),
    team: teamSchema.default(startingTeam),
    testimonials: testimonialsSchema.default(startingTestimonials),
  })
  .refine(({ announcement, blogPosts }) => linksToAPost(announcement.link, blogPosts), { message: siteContentMessages.linkInvalid, path: ['announcement', 'link'] });

export type SiteContent = z.output<typeof siteContentSchema>;
export type SiteContentInput = z.input<typeof siteContentSchema>;
export type Announcement = SiteContent['announcement'];

/** The parts of the site content, as a revision lists what it changed, in the order the dashboard's form shows them. */
export const siteContentParts = {
  announcement: 'Announcement',
  admissionsYear: 'Admissions year',
  events: 'Events',
  notices: 'Notices',
  blogPosts: 'Blog posts',
  gallery: 'Gallery',
  team: 'Team',
  testimonials: 'Testimonials',
  schoolFacts: 'School facts',
} as const satisfies Record<keyof SiteContent, string>;

export type SiteContentPart = keyof typeof siteContentParts;

/** What ships in src/content: the site's content until staff first publish (a fresh install looks as before). */
export function startingSiteContent(): SiteContent {
  return siteContentSchema.parse({
    announcement: { text: admissionsBanner.text, link: admissionsBanner.path, shown: true },
    admissionsYear: school.admissionsYear,
    events: startingList(parentEvents),
    notices: startingList(parentNotices),
    blogPosts: startingBlogPosts(),
    schoolFacts: startingFacts(),
    gallery: startingGallery(),
    team: startingTeam(),
    testimonials: startingTestimonials(),
  });
}

/** The parts in which two versions differ. */
export function changedParts(before: SiteContent, after: SiteContent): SiteContentPart[] {
  return (Object.keys(siteContentParts) as SiteContentPart[]).filter((part) => JSON.stringify(before[part]) !== JSON.stringify(after[part]));
}

/** The announcement if it shows on this school day (from and until are school dates, both included). */
export function announcementOn(announcement: Announcement, today: string): Announcement | undefined {
  if (!announcement.shown) return undefined;
  if (announcement.from && today < announcement.from) return undefined;
  if (announcement.until && today > announcement.until) return undefined;
  return announcement;
}

/** The events still to come on this school day (today's included): a past event drops off by itself. Notices stay until removed. */
export function eventsOn(events: readonly ListItem[], today: string): ListItem[] {
  return events.filter((event) => event.date >= today);
}

/** The content as a visitor sees it on a school day: an announcement outside its dates is not shown, nor an event already past. */
export function contentOn(content: SiteContent, today: string): SiteContent {
  return {
    ...content,
    announcement: { ...content.announcement, shown: announcementOn(content.announcement, today) !== undefined },
    events: eventsOn(content.events, today),
  };
}

/** What the build renders: the starting content as shown on the day of the build (no event already past then). */
export const builtContent = (builtAt: Date): SiteContent => contentOn(startingSiteContent(), schoolToday(builtAt));

/** The uploaded photos a content shows, wherever in it they are (each image field that holds a photo has its `photoId`). */
export function photoIdsIn(content: SiteContent): Set<string> {
  const ids = new Set<string>();
  JSON.stringify(content, (key, value: unknown) => {
    if (key === 'photoId' && typeof value === 'string') ids.add(value);
    return value;
  });
  return ids;
}
