import type { BlogPostHead } from './blogPosts';
import { formatDashboardDate } from '#shared/dashboard/dates.ts';
import { indexablePaths, resolveRoute } from '#shared/routes.ts';
import { z } from '#shared/zod.ts';

export const previewMessages = { pageMissing: 'Please choose a page of this site to preview.' } as const;

/** Which page to preview with the draft: any public page of the site, the draft's blog posts included (checked against the draft: isPreviewable). */
export const previewRequestSchema = z.object({
  path: z
    .string()
    // What the REST document offers: the pages every draft has (its blog posts vary, so they are left out there).
    .meta({
      enum: indexablePaths([]),
      description: 'The page, such as /admissions, or one of the draft’s blog posts (/blog/…).',
    })
    .trim()
    .default('/')
    .refine((path) => path.startsWith('/'), previewMessages.pageMissing),
});

/** A public page of the site with these blog posts. */
export function isPreviewable(path: string, posts: readonly BlogPostHead[]): boolean {
  const route = resolveRoute(path, posts);
  return route.status === 200 && !route.clientOnly;
}

/** Atop every preview, so that nobody takes it for the live site: with when the draft was saved (none before the first save). */
export const previewBanner = (savedAt: string | undefined) =>
  `Draft preview — not on the site yet. ${savedAt ? `Saved ${formatDashboardDate(savedAt)}.` : 'Nothing has been saved as a draft: this is the published content.'}`;

/** Where the dashboard opens a preview: the REST adapter over content.preview. */
export const PREVIEW_PATH = '/api/admin/content/preview';

export type PreviewPage = { path: string; title: string };

/** The pages the dashboard offers to preview: every page of the site a visitor can reach with these blog posts, by title. */
export function previewPages(posts: readonly BlogPostHead[]): PreviewPage[] {
  return indexablePaths(posts).map((path) => ({ path, title: resolveRoute(path, posts).title }));
}
