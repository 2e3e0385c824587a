import { Router } from 'express';
import { indexablePaths } from '../../shared/routes';
import { absoluteUrl } from '../../shared/seo';
import { escapeMarkup } from '../../shared/escapeMarkup';

/** The XML sitemap: every canonical, indexable route from the shared route list. */
export function sitemapXml(publicUrl: string): string {
  const urls = indexablePaths()
    .map((path) => `  <url><loc>${escapeMarkup(absoluteUrl(publicUrl, path))}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`, ''].join('\n');
}

export function seoFiles(publicUrl: string): Router {
  const sitemap = sitemapXml(publicUrl);
  const robots = robotsTxt(publicUrl);
  return Router()
    .get('/sitemap.xml', (_req, res) => {
      res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600').send(sitemap);
    })
    .get('/robots.txt', (_req, res) => {
      res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(robots);
    });
}
