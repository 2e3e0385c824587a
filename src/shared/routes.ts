import { blogPosts } from '../content/blog';
import { pageMeta } from '../content/pages';
import { isProgramName, programNames, programs, type ProgramName } from '../content/programs';

/** Every screen the site can show. The client maps each id to a lazily loaded page component. */
export type PageId =
  | 'home'
  | 'about'
  | 'ourApproach'
  | 'ourTeam'
  | 'awards'
  | 'programs'
  | 'faq'
  | 'testimonials'
  | 'gallery'
  | 'blog'
  | 'blogPost'
  | 'contact'
  | 'parentsCorner'
  | 'admissionEnquiry'
  | 'admissions'
  | 'admin'
  | 'sitemap'
  | 'notFound';

export type RouteParams = Record<string, string>;

export type ResolvedRoute = {
  page: PageId;
  params: RouteParams;
  /** HTTP status the server answers with for this path. */
  status: 200 | 404;
  title: string;
  description: string;
  /** Path of the canonical URL (without origin). */
  canonicalPath: string;
  /** False for pages search engines should not index (admin, not-found, aliases). */
  indexable: boolean;
  /**
   * The prerendered file that serves this path. Paths whose markup does not depend on
   * the parameter (an unknown blog slug, an unknown program) share one file.
   */
  prerenderPath: string;
  /** Only the admin dashboard renders in the browser alone. */
  clientOnly: boolean;
};

type StaticRoute = {
  path: string;
  page: PageId;
  meta: { title: string; description: string };
  indexable?: boolean;
  clientOnly?: boolean;
};

/** The fixed routes of the spec's route table, in menu order. */
export const staticRoutes: readonly StaticRoute[] = [
  { path: '/', page: 'home', meta: pageMeta.home },
  { path: '/about', page: 'about', meta: pageMeta.about },
  { path: '/about/our-approach', page: 'ourApproach', meta: pageMeta.ourApproach },
  { path: '/about/our-team', page: 'ourTeam', meta: pageMeta.ourTeam },
  { path: '/about/awards-recognition', page: 'awards', meta: pageMeta.awards },
  { path: '/curriculum', page: 'programs', meta: pageMeta.curriculum },
  { path: '/programs', page: 'programs', meta: pageMeta.programs },
  { path: '/admissions', page: 'admissions', meta: pageMeta.admissions },
  { path: '/admission-enquiry', page: 'admissionEnquiry', meta: pageMeta.admissionEnquiry },
  { path: '/faq', page: 'faq', meta: pageMeta.faq },
  { path: '/testimonials', page: 'testimonials', meta: pageMeta.testimonials },
  { path: '/gallery', page: 'gallery', meta: pageMeta.gallery },
  { path: '/blog', page: 'blog', meta: pageMeta.blog },
  { path: '/contact', page: 'contact', meta: pageMeta.contact },
  { path: '/parents-corner', page: 'parentsCorner', meta: pageMeta.parentsCorner },
  { path: '/sitemap', page: 'sitemap', meta: pageMeta.sitemap },
  { path: '/admin', page: 'admin', meta: pageMeta.admin, indexable: false, clientOnly: true },
];

/** Permanent redirects: old or alias addresses that resolve to a real page. */
export const redirects: Readonly<Record<string, string>> = {
  // Pre-primary (nursery, LKG, UKG) is the 3-6 years band, which the Primary Community serves.
  '/programs/pre-primary': '/programs/primary',
};

export const NOT_FOUND_PRERENDER_PATH = '/404';
const UNKNOWN_PROGRAM_PRERENDER_PATH = '/programs/_unknown';
const UNKNOWN_POST_PRERENDER_PATH = '/blog/_unknown';

/** The spec's rule: the route parameter picks the tab only when it names one of the four programs. */
export function programFromParam(param: string | undefined): ProgramName | undefined {
  return param !== undefined && isProgramName(param) ? param : undefined;
}

export function programPath(program: ProgramName): string {
  return `/programs/${program}`;
}

export function blogPostPath(slug: string): string {
  return `/blog/${slug}`;
}

/** Strips a trailing slash (except for the root) so '/faq/' and '/faq' are one page. */
export function normalisePath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] || '/';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function fromStatic(route: StaticRoute): ResolvedRoute {
  return {
    page: route.page,
    params: {},
    status: 200,
    title: route.meta.title,
    description: route.meta.description,
    canonicalPath: route.path,
    indexable: route.indexable ?? true,
    prerenderPath: route.path,
    clientOnly: route.clientOnly ?? false,
  };
}

const notFoundRoute: ResolvedRoute = {
  page: 'notFound',
  params: {},
  status: 404,
  title: pageMeta.notFound.title,
  description: pageMeta.notFound.description,
  canonicalPath: NOT_FOUND_PRERENDER_PATH,
  indexable: false,
  prerenderPath: NOT_FOUND_PRERENDER_PATH,
  clientOnly: false,
};

function resolveProgram(param: string): ResolvedRoute {
  const program = programFromParam(param);
  if (!program) {
    return {
      ...fromStatic({ path: '/programs', page: 'programs', meta: pageMeta.curriculum }),
      params: { program: param },
      canonicalPath: '/programs',
      indexable: false,
      prerenderPath: UNKNOWN_PROGRAM_PRERENDER_PATH,
    };
  }
  const { title, ageBand, description } = programs[program];
  return {
    ...fromStatic({ path: programPath(program), page: 'programs', meta: pageMeta.curriculum }),
    params: { program },
    title: `${title} (${ageBand.label})`,
    description: firstSentences(description.join(' ')),
  };
}

function resolveBlogPost(slug: string): ResolvedRoute {
  const post = blogPosts.find((candidate) => candidate.slug === slug);
  if (!post) {
    return { ...notFoundRoute, page: 'blogPost', params: { slug }, prerenderPath: UNKNOWN_POST_PRERENDER_PATH };
  }
  return {
    ...fromStatic({ path: blogPostPath(slug), page: 'blogPost', meta: { title: post.title, description: post.excerpt } }),
    params: { slug },
    description: firstSentences(post.excerpt),
  };
}

/** Meta descriptions are kept under about 160 characters, cut at a sentence where possible. */
function firstSentences(text: string, limit = 160): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const lastStop = cut.lastIndexOf('. ');
  return lastStop > 60 ? cut.slice(0, lastStop + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/** Resolves any path to the page that shows it. The server, the prerender step and the client all use this. */
export function resolveRoute(pathname: string): ResolvedRoute {
  const path = normalisePath(pathname);
  const exact = staticRoutes.find((route) => route.path === path);
  if (exact) return fromStatic(exact);
  const programMatch = /^\/programs\/([^/]+)$/.exec(path);
  if (programMatch?.[1]) return resolveProgram(decodeURIComponent(programMatch[1]));
  const postMatch = /^\/blog\/([^/]+)$/.exec(path);
  if (postMatch?.[1]) return resolveBlogPost(decodeURIComponent(postMatch[1]));
  return notFoundRoute;
}

/** Every path rendered to a static HTML file at build time (the admin shell included). */
export function prerenderPaths(): string[] {
  return [
    ...staticRoutes.map((route) => route.path),
    ...programNames.map(programPath),
    ...blogPosts.map((post) => blogPostPath(post.slug)),
    UNKNOWN_PROGRAM_PRERENDER_PATH,
    UNKNOWN_POST_PRERENDER_PATH,
    NOT_FOUND_PRERENDER_PATH,
  ];
}

/** Canonical, indexable pages: the sitemap lists exactly these. */
export function indexablePaths(): string[] {
  return prerenderPaths().filter((path) => {
    const route = resolveRoute(path);
    return route.indexable && route.status === 200 && route.canonicalPath === path;
  });
}
