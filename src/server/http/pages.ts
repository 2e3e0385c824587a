import crypto from 'node:crypto';
import fs from 'node:fs';
import type { RequestHandler } from 'express';
import { normalisePath, prerenderPaths, redirects, resolveRoute } from '../../shared/routes';
import { pageFileFor } from '../buildOutput';

type CachedPage = { body: Buffer; etag: string };

/** Reads every prerendered page once at start-up: they are small and never change while running. */
function loadPages(): Map<string, CachedPage> {
  const pages = new Map<string, CachedPage>();
  for (const routePath of prerenderPaths()) {
    const file = pageFileFor(routePath);
    if (!fs.existsSync(file)) throw new Error(`Prerendered page missing: ${file}. Run npm run build.`);
    const body = fs.readFileSync(file);
    const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
    pages.set(routePath, { body, etag });
  }
  return pages;
}

/**
 * Answers page requests from the prerendered files: the right file for the path, the route's
 * status (a real 404 for unknown paths), permanent redirects for aliases and trailing slashes.
 */
export function prerenderedPages(): RequestHandler {
  const pages = loadPages();
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = normalisePath(req.path);
    const query = req.originalUrl.slice(req.path.length);
    const redirect = redirects[path];
    if (redirect) return res.redirect(301, `${redirect}${query}`);
    if (path !== req.path) return res.redirect(301, `${path}${query}`);

    const route = resolveRoute(path);
    const page = pages.get(route.prerenderPath);
    if (!page) return next();
    res.status(route.status);
    res.type('html');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', page.etag);
    if (route.status === 200 && req.fresh) return res.status(304).end();
    res.send(page.body);
  };
}
