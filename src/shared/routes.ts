import { pageMeta } from '#content/pages.ts';
import { programNames, programs } from '#content/programs.ts';
import { enquiryForms } from './enquiries/formPostResult';
import type { BlogPostHead } from './content/blogPosts';
import {
  ADMIN_PATH,
  blogPostPath,
  matchRoute,
  programFromParam,
  programPath,
  PROGRAMS_PATH,
  staticPages,
  type MatchedRoute,
} from './routeTable';

export * from './routeTable';

export type ResolvedRoute = MatchedRoute & {
  /** HTTP status the server answers with for this path. */
  status: 200 | 404;
  title: string;
  description: string;
  /** Path of the canonical URL (without origin). */
  canonicalPath: string;
  /** False for pages search engines should not index (admin, not-found, unknown programs). */
  indexable: boolean;
  /**
   * The prerendered file that serves this path. Paths whose markup does not depend on
   * the parameter (an unknown blog slug, an unknown program) share one file.
   */
  prerenderPath: string;
};

export const NOT_FOUND_PRERENDER_PATH = '/404';
const UNKNOWN_PROGRAM_PRERENDER_PATH = `${PROGRAMS_PATH}/_unknown`;
const UNKNOWN_POST_PRERENDER_PATH = '/blog/_unknown';

/** The static routes with their titles and descriptions. */
export const staticRoutes = staticPages.map((route) => ({ ...route, ...pageMeta[route.meta] }));

/** Meta descriptions are kept under about 160 characters, cut at a sentence where possible. */
function firstSentences(text: string, limit = 160): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const lastStop = cut.lastIndexOf('. ');
  return lastStop > 60 ? cut.slice(0, lastStop + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

function found(match: MatchedRoute, meta: { title: string; description: string }, indexable = true): ResolvedRoute {
  return {
    ...match,
    status: 200,
    title: meta.title,
    description: firstSentences(meta.description),
    canonicalPath: match.path,
    indexable,
    prerenderPath: match.path,
  };
}

function notFound(match: MatchedRoute, prerenderPath = NOT_FOUND_PRERENDER_PATH): ResolvedRoute {
  return {
    ...found(match, pageMeta.notFound, false),
    status: 404,
    canonicalPath: NOT_FOUND_PRERENDER_PATH,
    prerenderPath,
  };
}

/**
 * The full answer for any address: page, status, head texts, canonical and prerendered file. The
 * blog posts are the published ones (the starting content's at build time): staff add and rename them.
 */
export function resolveRoute(pathname: string, posts: readonly BlogPostHead[]): ResolvedRoute {
  const match = matchRoute(pathname);
  const postedForm = Object.values(enquiryForms).find((form) => form.action === match.path);
  if (postedForm) return { ...resolveRoute(postedForm.page, posts), ...match, indexable: false };
  switch (match.page) {
    case 'notFound':
      return notFound(match);
    case 'blogPost': {
      const post = posts.find((candidate) => candidate.slug === match.params.slug);
      return post
        ? found(match, { title: post.title, description: post.excerpt })
        : notFound(match, UNKNOWN_POST_PRERENDER_PATH);
    }
    case 'programs': {
      const staticRoute = staticPages.find((route) => route.path === match.path);
      if (staticRoute) return found(match, pageMeta[staticRoute.meta]);
      const program = programFromParam(match.params.program);
      if (!program) {
        return {
          ...found(match, pageMeta.curriculum, false),
          canonicalPath: PROGRAMS_PATH,
          prerenderPath: UNKNOWN_PROGRAM_PRERENDER_PATH,
        };
      }
      const { title, ageBand, summary } = programs[program];
      return found(match, { title: `${title} (${ageBand.label})`, description: summary });
    }
    case 'admin':
      // Every dashboard address is the one page, which picks its section in the browser.
      return { ...found(match, pageMeta.admin, false), canonicalPath: ADMIN_PATH, prerenderPath: ADMIN_PATH };
    default: {
      const staticRoute = staticPages.find((route) => route.path === match.path);
      if (!staticRoute) return notFound(match);
      return found(match, pageMeta[staticRoute.meta], staticRoute.indexable ?? true);
    }
  }
}

/** Every path rendered to a static HTML file (the admin shell included): at build time, and again at each publish. */
export function prerenderPaths(posts: readonly BlogPostHead[]): string[] {
  return [
    ...staticPages.map((route) => route.path),
    ...programNames.map(programPath),
    ...posts.map((post) => blogPostPath(post.slug)),
    UNKNOWN_PROGRAM_PRERENDER_PATH,
    UNKNOWN_POST_PRERENDER_PATH,
    NOT_FOUND_PRERENDER_PATH,
  ];
}

/** Canonical, indexable pages: the sitemap lists exactly these. */
export function indexablePaths(posts: readonly BlogPostHead[]): string[] {
  return prerenderPaths(posts).filter((path) => {
    const route = resolveRoute(path, posts);
    return route.indexable && route.status === 200 && route.canonicalPath === path;
  });
}
