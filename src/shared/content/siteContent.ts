/**
 * What the office edits in the dashboard's "Site content" section and publishes (issue 11): one
 * schema for the dashboard's form, the server's check and the stored drafts and revisions, made
 * from the registry of parts below (decision 0037; each part is a module in parts/).
 */
import { matchRoute } from '#shared/routes.ts';
import { postAt, postFormerlyAt, type BlogPost } from './blogPosts';
import { schoolToday } from '#shared/time.ts';
import { z } from '#shared/zod.ts';
import { admissionsYearMessages, admissionsYearPart } from './parts/admissionsYear';
import { announcementMessages, announcementOn, announcementPart, linkPath } from './parts/announcement';
import { blogPostsPart } from './parts/blogPosts';
import { galleryPart } from './parts/gallery';
import { schoolFactsPart } from './parts/schoolFacts';
import { teamPart } from './parts/team';
import { testimonialsPart } from './parts/testimonials';

/** Every part of the site content, one line each, in the order the dashboard lists them. */
export const contentParts = {
  announcement: announcementPart,
  admissionsYear: admissionsYearPart,
  blogPosts: blogPostsPart,
  gallery: galleryPart,
  team: teamPart,
  testimonials: testimonialsPart,
  schoolFacts: schoolFactsPart,
} as const;

type Parts = typeof contentParts;
export type SiteContentPart = keyof Parts;
export const partKeys = Object.keys(contentParts) as SiteContentPart[];

/** A part's address beneath the dashboard's site content: its key in the address's spelling (schoolFacts: school-facts). */
export const partSegment = (part: SiteContentPart) => part.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The part at an address segment, or undefined. */
export const partAtSegment = (segment: string): SiteContentPart | undefined =>
  partKeys.find((part) => partSegment(part) === segment);

/** What the form holds of each part. */
export type PartForms = { [K in SiteContentPart]: ReturnType<Parts[K]['formOf']> };

export const siteContentMessages = {
  ...announcementMessages,
  ...admissionsYearMessages,
  nothingToPublish: 'There are no changes to publish.',
  revisionMissing: 'This revision no longer exists.',
  notBuilt: 'This server has no built site to show a preview with. Run npm run build on the server.',
  notPublished:
    'The site could not be updated, so nothing was published. Your changes are kept as a draft: please try again in a few minutes.',
  notPublishedNorSaved:
    'The site could not be updated, and your changes could not be saved either. Keep this page open and try again in a few minutes.',
  notRestored:
    'The site could not be updated, so the earlier version was not brought back. Please try again in a few minutes.',
} as const;

/** A link to a blog post must lead to one of the posts published with it (its address now or an earlier one). */
const linksToAPost = (link: string | undefined, posts: readonly BlogPost[]) => {
  const route = link?.startsWith('/') ? matchRoute(linkPath(link)) : undefined;
  const slug = route?.page === 'blogPost' ? route.params.slug : undefined;
  return slug === undefined || postAt(posts, slug) !== undefined || postFormerlyAt(posts, slug) !== undefined;
};

const partSchemas = Object.fromEntries(partKeys.map((key) => [key, contentParts[key].schema])) as {
  [K in SiteContentPart]: Parts[K]['schema'];
};

export const siteContentSchema = z
  .object(partSchemas)
  .refine(({ announcement, blogPosts }) => linksToAPost(announcement.link, blogPosts), {
    message: siteContentMessages.linkInvalid,
    path: ['announcement', 'link'],
  });

export type SiteContent = z.output<typeof siteContentSchema>;
export type SiteContentInput = z.input<typeof siteContentSchema>;

/** The parts' names, as a revision lists what it changed. */
export const siteContentParts = Object.fromEntries(partKeys.map((key) => [key, contentParts[key].label])) as Record<
  SiteContentPart,
  string
>;

/** The conversions of every part, indexable by a part's key with its own types. */
const conversions: {
  [K in SiteContentPart]: { formOf(content: SiteContent[K]): PartForms[K]; contentOf(form: PartForms[K]): unknown };
} = contentParts;

/** What the form holds of a part of this content. */
export const partFormOf = <K extends SiteContentPart>(key: K, content: SiteContent): PartForms[K] =>
  conversions[key].formOf(content[key]);

/** The content of a part as its form holds it, for the schema to check. */
export const partContentOf = <K extends SiteContentPart>(key: K, form: PartForms[K]): unknown =>
  conversions[key].contentOf(form);

/** What ships in src/content: the site's content until staff first publish (a fresh install looks as before). */
export function startingSiteContent(): SiteContent {
  return siteContentSchema.parse(Object.fromEntries(partKeys.map((key) => [key, contentParts[key].starting()])));
}

/** The parts in which two versions differ. */
export function changedParts(before: SiteContent, after: SiteContent): SiteContentPart[] {
  return partKeys.filter((part) => JSON.stringify(before[part]) !== JSON.stringify(after[part]));
}

/** The content as a visitor sees it on a school day: an announcement outside its dates is not shown. */
export function contentOn(content: SiteContent, today: string): SiteContent {
  return {
    ...content,
    announcement: { ...content.announcement, shown: announcementOn(content.announcement, today) !== undefined },
  };
}

/** What the build renders: the starting content as shown on the day of the build. */
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
