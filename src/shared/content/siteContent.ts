/**
 * What the office edits in the dashboard's "Site content" tab and publishes (issue 11): the
 * announcement banner above every page and the admissions year the site states. One schema for
 * the dashboard's form, the server's check and the stored drafts and revisions.
 */
import { admissionsBanner } from '../../content/navigation';
import { school } from '../../content/school';
import { resolveRoute } from '../routes';
import { schoolDate } from '../dashboard/query';
import { z } from '../zod';

/** The dashboard's labels, by field: the announcement's five, then the year. */
export const siteContentLabels = {
  text: 'Announcement text',
  link: 'Link (optional)',
  shown: 'Show the announcement on every page',
  from: 'Show from (optional)',
  until: 'Show until (optional)',
  admissionsYear: 'Admissions year',
} as const;

export const siteContentMessages = {
  textMissing: 'Please write the announcement.',
  textTooLong: 'Please keep the announcement under 200 characters.',
  linkInvalid: 'Please give a page of this site, such as /admission-enquiry, or a full address starting with https://',
  untilBeforeFrom: 'The last day cannot be before the first day.',
  yearInvalid: 'Please write the admissions year as two years, such as 2026-27.',
  nothingToPublish: 'There are no changes to publish.',
  revisionMissing: 'This revision no longer exists.',
  notBuilt: 'This server has no built site to show a preview with. Run npm run build on the server.',
} as const;

/** A page of this site that exists (no 404), or an https address elsewhere. */
function isAllowedLink(link: string): boolean {
  if (link.startsWith('/')) return !link.startsWith('//') && resolveRoute(link.split(/[?#]/)[0] ?? link).status === 200;
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

export const siteContentSchema = z.object({
  announcement: announcementSchema,
  admissionsYear: admissionsYearSchema,
});

export type SiteContent = z.output<typeof siteContentSchema>;
export type SiteContentInput = z.input<typeof siteContentSchema>;
export type Announcement = SiteContent['announcement'];

/** The parts of the site content, as a revision lists what it changed. */
export const siteContentParts = {
  announcement: 'Announcement',
  admissionsYear: 'Admissions year',
} as const satisfies Record<keyof SiteContent, string>;

export type SiteContentPart = keyof typeof siteContentParts;

/** What ships in src/content: the site's content until staff first publish (a fresh install looks as before). */
export function startingSiteContent(): SiteContent {
  return siteContentSchema.parse({ announcement: { text: admissionsBanner.text, link: admissionsBanner.path, shown: true }, admissionsYear: school.admissionsYear });
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
