import type { PageKey } from '#content/pages.ts';
import { isProgramName, type ProgramName } from '#content/programNames.ts';
import { enquiryForms } from './enquiries/formPostResult';

/**
 * Which page shows which address. This module is light on purpose: the browser loads it with
 * every page to pick the page component. Titles, descriptions and statuses are in routes.ts,
 * which the server, the prerender step and client-side navigation (lazily) use.
 */
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
  | 'privacy'
  | 'notFound';

export type RouteParams = Record<string, string>;

export type MatchedRoute = {
  page: PageId;
  params: RouteParams;
  /** The normalised address. */
  path: string;
  /** Only the admin dashboard renders in the browser alone. */
  clientOnly: boolean;
};

export type StaticPage = {
  path: string;
  page: PageId;
  /** Which entry of content/pages.ts titles and describes it. */
  meta: PageKey;
  indexable?: boolean;
  clientOnly?: boolean;
};

/** The staff dashboard: one page for the server, with a section at each address beneath it (decision 0036). */
export const ADMIN_PATH = '/admin';

/** The programs section: its own page, with a tab per program below it (programPath). */
export const PROGRAMS_PATH = '/programs';

/** The fixed routes of the spec's route table, in menu order. */
export const staticPages: readonly StaticPage[] = [
  { path: '/', page: 'home', meta: 'home' },
  { path: '/about', page: 'about', meta: 'about' },
  { path: '/about/our-approach', page: 'ourApproach', meta: 'ourApproach' },
  { path: '/about/our-team', page: 'ourTeam', meta: 'ourTeam' },
  { path: '/about/awards-recognition', page: 'awards', meta: 'awards' },
  { path: '/curriculum', page: 'programs', meta: 'curriculum' },
  { path: PROGRAMS_PATH, page: 'programs', meta: 'programs' },
  { path: '/admissions', page: 'admissions', meta: 'admissions' },
  { path: '/admission-enquiry', page: 'admissionEnquiry', meta: 'admissionEnquiry' },
  { path: '/faq', page: 'faq', meta: 'faq' },
  { path: '/testimonials', page: 'testimonials', meta: 'testimonials' },
  { path: '/gallery', page: 'gallery', meta: 'gallery' },
  { path: '/blog', page: 'blog', meta: 'blog' },
  { path: '/contact', page: 'contact', meta: 'contact' },
  { path: '/parents-corner', page: 'parentsCorner', meta: 'parentsCorner' },
  { path: '/sitemap', page: 'sitemap', meta: 'sitemap' },
  { path: '/privacy', page: 'privacy', meta: 'privacy' },
  { path: ADMIN_PATH, page: 'admin', meta: 'admin', indexable: false, clientOnly: true },
];

/** Permanent redirects: alias addresses that resolve to a real page. */
export const redirects: Readonly<Record<string, string>> = {
  // Pre-primary (nursery, LKG, UKG) is the 3-6 years band, which the Primary Community serves.
  '/programs/pre-primary': '/programs/primary',
};

/** The spec's rule: the route parameter picks the tab only when it names one of the four programs. */
export function programFromParam(param: string | undefined): ProgramName | undefined {
  return param !== undefined && isProgramName(param) ? param : undefined;
}

export function programPath(program: ProgramName): string {
  return `${PROGRAMS_PATH}/${program}`;
}

export function blogPostPath(slug: string): string {
  return `/blog/${slug}`;
}

/**
 * Strips a query, a fragment and trailing slashes (except for the root): '/faq/' and '/faq' are
 * one page. Leading slashes and backslashes fold into one, because the server redirects to this
 * path and a browser reads a Location of '//host' or '/\\host' as another site.
 */
export function normalisePath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  return `/${path.replace(/^[/\\]+/, '').replace(/\/+$/, '')}`;
}

const parameterised: readonly { pattern: RegExp; page: PageId; param: string }[] = [
  { pattern: /^\/programs\/([^/]+)$/, page: 'programs', param: 'program' },
  { pattern: /^\/blog\/([^/]+)$/, page: 'blogPost', param: 'slug' },
];

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The page for an address. Whether a blog slug exists is the page's (and the server's) concern. */
export function matchRoute(pathname: string): MatchedRoute {
  const path = normalisePath(pathname);
  const exact = staticPages.find((route) => route.path === path);
  if (exact) return { page: exact.page, params: {}, path, clientOnly: exact.clientOnly ?? false };
  if (path.startsWith(`${ADMIN_PATH}/`)) return { page: 'admin', params: {}, path, clientOnly: true };
  const postedForm = Object.values(enquiryForms).find((form) => form.action === path);
  if (postedForm) return { ...matchRoute(postedForm.page), path };
  for (const { pattern, page, param } of parameterised) {
    const value = pattern.exec(path)?.[1];
    if (value) return { page, params: { [param]: decodeParam(value) }, path, clientOnly: false };
  }
  return { page: 'notFound', params: {}, path, clientOnly: false };
}
