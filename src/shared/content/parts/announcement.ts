/**
 * The announcement: the banner above every page, with its link and the days it shows (issue 11).
 * A link to a blog post is checked against the posts with the whole content (siteContent.ts).
 */
import { admissionsBanner } from '#content/navigation.ts';
import { schoolDate } from '#shared/dashboard/query.ts';
import { matchRoute, resolveRoute } from '#shared/routes.ts';
import { z } from '#shared/zod.ts';
import { slugSchema } from '../blogPosts';
import { contentPart } from './part';

export const announcementLabels = {
  legend: 'Announcement banner',
  text: 'Announcement text',
  link: 'Link (optional)',
  shown: 'Show the announcement on every page',
  from: 'Show from (optional)',
  until: 'Show until (optional)',
} as const;

export const announcementHints = {
  link: 'A page of this site, such as /admission-enquiry, or a full address starting with https://',
  from: 'Leave both dates empty to show it until you hide it.',
} as const;

export const announcementMessages = {
  textMissing: 'Please write the announcement.',
  textTooLong: 'Please keep the announcement under 200 characters.',
  linkInvalid: 'Please give a page of this site, such as /admission-enquiry, or a full address starting with https://',
  untilBeforeFrom: 'The last day cannot be before the first day.',
} as const;

export const linkPath = (link: string) => link.split(/[?#]/)[0] ?? link;

/** A page of this site that exists (no 404), or an https address elsewhere. A blog post's address is checked against the posts with the whole content. */
function isAllowedLink(link: string): boolean {
  if (link.startsWith('/')) {
    if (link.startsWith('//')) return false;
    const route = matchRoute(linkPath(link));
    return route.page === 'blogPost'
      ? slugSchema.safeParse(route.params.slug).success
      : resolveRoute(route.path, []).status === 200;
  }
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}

const optionalDate = z
  .union([z.literal(''), schoolDate])
  .optional()
  .transform((value) => value || undefined);

export const announcementSchema = z
  .object({
    text: z.string().trim().min(1, announcementMessages.textMissing).max(200, announcementMessages.textTooLong),
    link: z
      .string()
      .trim()
      .max(500, announcementMessages.linkInvalid)
      .refine((link) => link === '' || isAllowedLink(link), announcementMessages.linkInvalid)
      .optional()
      .transform((link) => link || undefined),
    shown: z.boolean(),
    from: optionalDate,
    until: optionalDate,
  })
  .refine(({ from, until }) => !from || !until || from <= until, {
    message: announcementMessages.untilBeforeFrom,
    path: ['until'],
  });

export type Announcement = z.output<typeof announcementSchema>;

/** The announcement if it shows on this school day (from and until are school dates, both included). */
export function announcementOn(announcement: Announcement, today: string): Announcement | undefined {
  if (!announcement.shown) return undefined;
  if (announcement.from && today < announcement.from) return undefined;
  if (announcement.until && today > announcement.until) return undefined;
  return announcement;
}

/** The form holds empty strings where an optional field is blank. */
export const announcementPart = contentPart({
  label: 'Announcement',
  schema: announcementSchema,
  starting: () => announcementSchema.parse({ text: admissionsBanner.text, link: admissionsBanner.path, shown: true }),
  formOf: ({ text, link, shown, from, until }: Announcement) => ({
    text,
    link: link ?? '',
    shown,
    from: from ?? '',
    until: until ?? '',
  }),
  contentOf: (form: { text: string; link: string; shown: boolean; from: string; until: string }) => form,
});
