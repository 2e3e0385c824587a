import fs from 'node:fs';
import type { RequestHandler } from 'express';
import { postFormerlyAt, type BlogPost } from '#shared/content/blogPosts.ts';
import { blogPostPath, normalisePath, prerenderPaths, redirects, resolveRoute } from '#shared/routes.ts';
import { pageFileFor } from '#server/buildOutput.ts';
import { builtPosts, type ServedPages } from './sitePublisher';
import { sendVariant } from '#server/platform/precompressed.ts';

export const PAGE_TYPE = 'text/html; charset=utf-8';
export const PAGE_CACHE_CONTROL = 'no-cache';

/** Every prerendered page must be in the build: checked when the app is made, so a partial build never serves 500s. */
export function checkPageFiles(): void {
  for (const routePath of prerenderPaths(builtPosts())) {
    const file = pageFileFor(routePath);
    if (!fs.existsSync(file)) throw new Error(`Prerendered page missing: ${file}. Run npm run build.`);
  }
}

const ownPathsOf = new WeakMap<readonly BlogPost[], ReadonlySet<string>>();

/**
 * The addresses whose answer is their own page with 200 whatever the request: no redirect, no
 * other file, no status to look up. builtFiles.ts sends these before Express sees the request.
 * Worked out once per set of posts (a publish brings a new set).
 */
export function ownPagePaths(posts: readonly BlogPost[]): ReadonlySet<string> {
  const known = ownPathsOf.get(posts);
  if (known) return known;
  const paths = new Set(
    prerenderPaths(posts).filter((routePath) => {
      const route = resolveRoute(routePath, posts);
      return (
        !redirects[routePath] &&
        normalisePath(routePath) === routePath &&
        route.status === 200 &&
        route.prerenderPath === routePath
      );
    }),
  );
  ownPathsOf.set(posts, paths);
  return paths;
}

/**
 * Answers page requests from the prerendered files: the right file for the path, the route's
 * status (a real 404 for unknown paths), permanent redirects for aliases, trailing slashes and
 * a blog post's earlier addresses.
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

    await pages.whenReady();
    // The posts and the pages are read together, with no wait between: both of one publish.
    const posts = pages.posts();
    const route = resolveRoute(path, posts);
    const moved =
      route.page === 'blogPost' && route.status === 404 && route.params.slug !== undefined
        ? postFormerlyAt(posts, route.params.slug)
        : undefined;
    if (moved) return res.redirect(301, `${blogPostPath(moved.slug)}${query}`);
    const page = pages.current().get(route.prerenderPath);
    if (!page) return next();
    res.status(route.status);
    res.setHeader('Content-Type', PAGE_TYPE);
    sendVariant(req, res, page, { cacheControl: PAGE_CACHE_CONTROL, conditional: route.status === 200 });
  };
}
