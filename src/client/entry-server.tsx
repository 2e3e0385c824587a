import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { FormPostResult } from '#shared/enquiries/formPostResult.ts';
import { headFor } from '#shared/head.ts';
import { resolveRoute, type ResolvedRoute } from '#shared/routes.ts';
import { structuredDataFor } from '#shared/structuredData.ts';
import { App } from './App';
import { loadPage, pageManifestKey } from './app/pageRegistry';
import { escapeMarkup } from '#shared/escapeMarkup.ts';
import { pageDataFor, siteData as loadSiteData, type SiteData } from './app/pageDataLoaders';
import { SITE_DATA_ELEMENT_ID } from './app/siteData';
import { PAGE_DATA_ELEMENT_ID, pageDataKey } from './app/pageDataKey';
import type { RenderSettings } from '#shared/renderSettings.ts';
import { startingSiteContent, type SiteContent } from '#shared/content/siteContent.ts';
import type { BlogPost } from '#shared/content/blogPosts.ts';
import { withAdmissionsYear } from '#content/format.ts';
import type { SchoolContact } from '#content/schoolFacts.ts';
import { schoolContact } from '#shared/content/schoolFacts.ts';

export type RenderedPage = {
  route: ResolvedRoute;
  /** Markup of the app, placed inside #root. */
  html: string;
  /** Tags for <head>: title, meta, canonical and JSON-LD. */
  head: string;
  /** The page's module as the client build manifest names it, to preload its chunk. */
  pageModule: string;
};

/** JSON inside <script> must not be able to close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const dataBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${jsonForScript(value)}</script>`;

function renderHead(
  route: ResolvedRoute,
  publicUrl: string,
  posts: readonly BlogPost[],
  contact: SchoolContact,
  siteData: SiteData,
  pageData: unknown,
): string {
  const head = headFor(route, publicUrl);
  const tags = [
    `<title>${escapeMarkup(head.title)}</title>`,
    ...head.meta.map((meta) =>
      'name' in meta
        ? `<meta name="${escapeMarkup(meta.name)}" content="${escapeMarkup(meta.content)}" />`
        : `<meta property="${escapeMarkup(meta.property)}" content="${escapeMarkup(meta.content)}" />`,
    ),
    `<link rel="canonical" href="${escapeMarkup(head.canonical)}" />`,
    ...structuredDataFor(route, publicUrl, posts, contact).map(
      (data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`,
    ),
    dataBlock(SITE_DATA_ELEMENT_ID, siteData),
    ...(pageData === undefined ? [] : [dataBlock(PAGE_DATA_ELEMENT_ID, pageData)]),
  ];
  return tags.join('\n    ');
}

/**
 * Renders one address to HTML: at build time for every route (scripts/prerender.ts), and at
 * run time for the answer to a form posted without JavaScript.
 */
export async function render(
  path: string,
  settings: RenderSettings,
  formPostResult?: FormPostResult,
  content: SiteContent = startingSiteContent(),
): Promise<RenderedPage> {
  const route = resolveRoute(path, content.blogPosts);
  await loadPage(route.page);
  const siteData = loadSiteData(content);
  const pageData = pageDataFor(route, settings, content);
  const html = route.clientOnly
    ? '<noscript><p class="noscript-note">The staff dashboard needs JavaScript. Please switch it on and reload.</p></noscript>'
    : renderToString(
        <StrictMode>
          <App
            ssrPath={path}
            siteData={siteData}
            initialPageData={{ key: pageDataKey(route), data: pageData }}
            {...(formPostResult ? { formPostResult } : {})}
          />
        </StrictMode>,
      );
  // The year goes into every text that states it: the markup, the data the page hydrates with, the structured data.
  const year = (text: string) => withAdmissionsYear(text, content.admissionsYear);
  return {
    route,
    html: year(html),
    head: year(
      renderHead(route, settings.publicUrl, content.blogPosts, schoolContact(content.schoolFacts), siteData, pageData),
    ),
    pageModule: pageManifestKey(route.page),
  };
}
