import fs from 'node:fs';
import type { RequestHandler } from 'express';
import { normalisePath, prerenderPaths, redirects, resolveRoute } from '../../shared/routes';
import { pageFileFor } from '../buildOutput';
import { loadVariants, readOnFirstUse, sendVariant, type Variants } from './precompressed';

export const PAGE_TYPE = 'text/html; charset=utf-8';
export const PAGE_CACHE_CONTROL = 'no-cache';

/** Every prerendered page must be in the build: checked when the app is made, so a partial build never serves 500s. */
export function checkPageFiles(): void {
  for (const routePath of prerenderPaths()) {
    const file = pageFileFor(routePath);
    if (!fs.existsSync(file)) throw new Error(`Prerendered page missing: ${file}. Run npm run build.`);
  }
}

/** Every page and its compressed copies, read once per process: small, and fixed for the life of the build. */
export const builtPages = readOnFirstUse(
  (): Map<string, Variants> => new Map(prerenderPaths().map((routePath) => [routePath, loadVariants(pageFileFor(routePath))])),
);

/**
 * The pages the server sends: the build's, or once staff have published, the same pages rendered
 * with the published content (content/sitePublisher.ts), swapped in whole.
 */
export type ServedPages = {
  current(): Map<string, Variants>;
  /** False while the pages of the published content are still being rendered at start. */
  ready(): boolean;
  whenReady(): Promise<void>;
};

/**
 * The addresses whose answer is their own page with 200 whatever the request: no redirect, no
 * other file, no status to look up. builtFiles.ts sends these before Express sees the request.
 */
export function ownPagePaths(): string[] {
  return prerenderPaths().filter((routePath) => {
    const route = resolveRoute(routePath);
    return !redirects[routePath] && normalisePath(routePath) === routePath && route.status === 200 && route.prerenderPath === routePath;
  });
}

/**
 * Answers page requests from the prerendered files: the right file for the path, the route's
 * status (a real 404 for unknown paths), permanent redirects for aliases and trailing slashes.
 */
export function prerenderedPages(pages: ServedPages): RequestHandler {
  checkPageFiles();
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = normalisePath(req.path);
    const query = req.originalUrl.slice(req.path.length);
    const redirect = redirects[path];
    if (redirect) return res.redirect(301, `${redirect}${query}`);
    if (path !== req.path) return res.redirect(301, `${path}${query}`);

    const route = resolveRoute(path);
    await pages.whenReady();
    const page = pages.current().get(route.prerenderPath);
    if (!page) return next();
    res.status(route.status);
    res.setHeader('Content-Type', PAGE_TYPE);
    sendVariant(req, res, page, { cacheControl: PAGE_CACHE_CONTROL, conditional: route.status === 200 });
  };
}
