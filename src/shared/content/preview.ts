import { indexablePaths, resolveRoute } from '../routes';
import { z } from '../zod';

/** Which page to preview with the draft: any public page of the site. */
export const previewRequestSchema = z.object({
  path: z
    .string()
    .trim()
    .default('/')
    .refine((path) => path.startsWith('/') && resolveRoute(path).status === 200 && !resolveRoute(path).clientOnly, 'Please choose a page of this site to preview.'),
});

/** Where the dashboard opens a preview: the REST adapter over content.preview. */
export const PREVIEW_PATH = '/api/admin/content/preview';

export type PreviewPage = { path: string; title: string };

/** The pages the dashboard offers to preview: every page of the site a visitor can reach, by title. */
export function previewPages(): PreviewPage[] {
  return indexablePaths().map((path) => ({ path, title: resolveRoute(path).title }));
}
