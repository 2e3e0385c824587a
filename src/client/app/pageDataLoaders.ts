/**
 * The content each page receives as data with its HTML (serialised into the page, read before
 * hydration) instead of from its JavaScript chunk: the chunk stays the same size whatever the
 * content, and a page re-rendered with other content hydrates with what it shows (issue 11).
 * Only the renderer (entry-server) imports this module; pages import its types alone.
 */
import { retentionPeriods } from '#shared/retention.ts';
import type { RenderSettings } from '#shared/renderSettings.ts';
import type { MatchedRoute, PageId } from '#shared/routeTable.ts';
import { aboutPage, ourApproach, whoWeAre } from '#content/about.ts';
import { admissionSteps, admissionsPage, ageGroups } from '#content/admissions.ts';
import { blogPage } from '#content/blog.ts';
import { defaultFaqCategory, faqCategories, faqPage } from '#content/faq.ts';
import { galleryPage } from '#content/gallery.ts';
import { heroSlides } from '#content/hero.ts';
import { homePage } from '#content/home.ts';
import { parentsCornerTexts } from '#content/parentsCorner.ts';
import { privacyPage, privacySections } from '#content/privacy.ts';
import { programDetails, programFacts, programsPage } from '#content/programDetails.ts';
import { teamPage } from '#content/team.ts';
import { testimonialsPage } from '#content/testimonials.ts';
import { whyChooseUs } from '#content/whyChooseUs.ts';
import { sitemapPage } from '#content/navigation.ts';
import { school } from '#content/school.ts';
import { shellContent } from '#content/site.ts';
import type { SiteContent } from '#shared/content/siteContent.ts';
import { featuredTestimonial } from '#shared/content/testimonials.ts';
import { newestFirst, postAt, type BlogPost, type BlogPostShown } from '#shared/content/blogPosts.ts';
import { markdownToHtml } from '#shared/content/markdown.ts';
import { schoolContact } from '#shared/content/schoolFacts.ts';
import { resolveGroups, resolveMenu, sitemapGroups } from '#shared/siteNavigation.ts';

/** The content is the published one as shown on the day (the build's: the starting content). */
type PageDataLoader = (route: MatchedRoute, settings: RenderSettings, content: SiteContent) => unknown;

/** A post with its body as HTML: the page's headings are h1 on its own page, h2 on the blog page, and the body's start one below. */
const shownPost = (
  { id: _id, body, formerSlugs: _formerSlugs, ...post }: BlogPost,
  firstHeading: 2 | 3,
): BlogPostShown => ({
  ...post,
  html: markdownToHtml(body, { firstHeading }),
});

/** Each page's data; only blogPost's depends on the address (pageDataKey.ts says so to the browser). */
export const pageDataLoaders = {
  // The same data at every program tab and at /curriculum (pageDataKey.ts).
  programs: () => ({ page: programsPage, programs: programFacts, details: programDetails }),
  home: (_route: MatchedRoute, _settings: RenderSettings, { testimonials }: SiteContent) => ({
    home: homePage,
    heroSlides,
    whyChooseUs,
    testimonials: { heading: testimonialsPage.heading, featured: featuredTestimonial(testimonials) ?? null },
  }),
  about: () => ({ aboutPage, whoWeAre, image: school.ogImage, closingCta: homePage.closingCta }),
  ourApproach: () => ({ aboutPage, ourApproach, closingCta: homePage.closingCta }),
  admissions: () => ({ page: admissionsPage, ageGroups, steps: admissionSteps }),
  testimonials: (_route: MatchedRoute, _settings: RenderSettings, { testimonials }: SiteContent) => ({
    page: testimonialsPage,
    testimonials,
  }),
  gallery: (_route: MatchedRoute, _settings: RenderSettings, { gallery }: SiteContent) => ({
    page: galleryPage,
    images: gallery,
  }),
  ourTeam: (_route: MatchedRoute, _settings: RenderSettings, { team }: SiteContent) => ({ page: teamPage, team }),
  parentsCorner: (_route: MatchedRoute, _settings: RenderSettings, { schoolFacts }: SiteContent) => ({
    texts: parentsCornerTexts(schoolContact(schoolFacts)),
  }),
  // The periods the server keeps to: the build's RETENTION_MONTHS, and the fixed ones.
  privacy: (_route: MatchedRoute, { closedEnquiryMonths }: RenderSettings, { schoolFacts }: SiteContent) => ({
    page: privacyPage,
    sections: privacySections(retentionPeriods(closedEnquiryMonths), schoolContact(schoolFacts)),
  }),
  sitemap: () => ({ page: sitemapPage, groups: sitemapGroups }),
  faq: (_route: MatchedRoute, _settings: RenderSettings, { schoolFacts }: SiteContent) => ({
    page: faqPage,
    categories: faqCategories(schoolContact(schoolFacts)),
    defaultCategory: defaultFaqCategory,
  }),
  blog: (_route: MatchedRoute, _settings: RenderSettings, { blogPosts }: SiteContent) => ({
    page: blogPage,
    posts: newestFirst(blogPosts).map((post) => shownPost(post, 3)),
  }),
  blogPost: (route: MatchedRoute, _settings: RenderSettings, { blogPosts }: SiteContent) => {
    const post = route.params.slug === undefined ? undefined : postAt(blogPosts, route.params.slug);
    return { page: blogPage, post: post ? shownPost(post, 2) : null };
  },
} satisfies Partial<Record<PageId, PageDataLoader>>;

export type PageDataLoaders = typeof pageDataLoaders;
export type PagesWithData = keyof PageDataLoaders;
export type PageData<P extends PagesWithData> = ReturnType<PageDataLoaders[P]>;

/**
 * What the page shell shows on every page (announcement, header, menus, footer) and the school's
 * facts some pages repeat: the same data for every page, from shellContent() and the content the
 * office publishes, as shown today (the announcement null when it is hidden or out of its dates).
 */
export function siteData({ announcement, admissionsYear, schoolFacts }: SiteContent) {
  const { school: facts, admissionEnquiryLink, menuOutline, footerOutline } = shellContent(schoolContact(schoolFacts));
  return {
    school: facts,
    announcement: announcement.shown ? { text: announcement.text, link: announcement.link ?? null } : null,
    admissionsYear,
    admissionEnquiryLink,
    mainMenu: resolveMenu(menuOutline),
    footerLinkGroups: resolveGroups(footerOutline),
  };
}

export type SiteData = ReturnType<typeof siteData>;

/** The data for a route, or undefined for a page that takes none. */
export function pageDataFor(route: MatchedRoute, settings: RenderSettings, content: SiteContent): unknown {
  const loader = (pageDataLoaders as Partial<Record<PageId, PageDataLoader>>)[route.page];
  return loader?.(route, settings, content);
}
