import fs from 'node:fs';
import type { RequestHandler } from 'express';
import { normalisePath, prerenderPaths, redirects, resolveRoute } from '../../shared/routes';
import { pageFileFor } from '../buildOutput';
import { loadVariants, readOnFirstUse, sendVariant, type Variants } from './precompressed';

/** Every prerendered page must be in the build: checked at start-up, so a partial build never serves 500s. */
function pageFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const routePath of prerenderPaths()) {
    const file = pageFileFor(routePath);
    if (!fs.existsSync(file)) throw new Error(`Prerendered page missing: ${file}. Run npm run build.`);
    files.set(routePath, file);
  }
  return files;
}

/** Reads every page and its compressed copies once: they are small and never change while running. */
function loadPages(files: Map<string, string>): Map<string, Variants> {
  return new Map([...files].map(([routePath, file]) => [routePath, loadVariants(file)]));
}

/**
 * Answers page requests from the prerendered files: the right file for the path, the route's
 * status (a real 404 for unknown paths), permanent redirects for aliases and trailing slashes.
 */
export function prerenderedPages(): RequestHandler {
  const files = pageFiles();
  const pages = readOnFirstUse(() => loadPages(files));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = normalisePath(req.path);
    const query = req.originalUrl.slice(req.path.length);
    const redirect = redirects[path];
    if (redirect) return res.redirect(301, `${redirect}${query}`);
    if (path !== req.path) return res.redirect(301, `${path}${query}`);

    const route = resolveRoute(path);
    const page = pages().get(route.prerenderPath);
    if (!page) return next();
    res.status(route.status);
    res.type('html');
    sendVariant(req, res, page, { cacheControl: 'no-cache', conditional: route.status === 200 });
  };
}
