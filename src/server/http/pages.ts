import fs from 'node:fs';
import type { RequestHandler } from 'express';
import { normalisePath, prerenderPaths, redirects, resolveRoute } from '../../shared/routes';
import { pageFileFor } from '../buildOutput';
import { loadVariants, sendVariant, type Variants } from './precompressed';

/** Reads every prerendered page and its compressed copies once at start-up: they are small and never change while running. */
function loadPages(): Map<string, Variants> {
  const pages = new Map<string, Variants>();
  for (const routePath of prerenderPaths()) {
    const file = pageFileFor(routePath);
    if (!fs.existsSync(file)) throw new Error(`Prerendered page missing: ${file}. Run npm run build.`);
    pages.set(routePath, loadVariants(file));
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
    sendVariant(req, res, page, { cacheControl: 'no-cache', conditional: route.status === 200 });
  };
}
