import { Router } from 'express';
import type { BlogPost } from '#shared/content/blogPosts.ts';
import { indexablePaths } from '#shared/routes.ts';
import { absoluteUrl } from '#shared/seo.ts';
import { escapeMarkup } from '#shared/escapeMarkup.ts';

/** The XML sitemap: every canonical, indexable route from the shared route list, the published blog posts among them. */
export function sitemapXml(publicUrl: string, posts: readonly BlogPost[]): string {
  const urls = indexablePaths(posts)
    .map((path) => `  <url><loc>${escapeMarkup(absoluteUrl(publicUrl, path))}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

/** `posts`: the blog posts of the pages being served; the sitemap is made again when a publish brings others. */
export function seoFiles(publicUrl: string, posts: () => readonly BlogPost[]): Router {
  const sitemaps = new WeakMap<readonly BlogPost[], string>();
  const sitemapOf = (current: readonly BlogPost[]) =>
    sitemaps.get(current) ?? sitemaps.set(current, sitemapXml(publicUrl, current)).get(current) ?? '';
  const robots = robotsTxt(publicUrl);
  return Router()
    .get('/sitemap.xml', (_req, res) => {
      // Revalidated rather than kept an hour: a published post is listed at once.
      res.type('application/xml').setHeader('Cache-Control', 'no-cache').send(sitemapOf(posts()));
    })
    .get('/robots.txt', (_req, res) => {
      res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(robots);
    });
}
