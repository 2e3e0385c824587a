import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoute } from '#shared/routeTable.ts';
import { App } from './App';
import { PAGE_DATA_ELEMENT_ID, pageDataKey } from './app/pageDataKey';
import type { SiteData } from './app/pageDataLoaders';
import { loadPage } from './app/pageRegistry';
import { SITE_DATA_ELEMENT_ID } from './app/siteData';

/*
 * The application itself: loaded by entry-client.ts once the prerendered page has painted.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const route = matchRoute(window.location.pathname);
// Load the current page's module before hydrating, so the first render matches the prerendered HTML.
await loadPage(route.page);

/** The data a block of the page's HTML carries, or undefined when the page has none. */
function dataIn(elementId: string): unknown {
  const element = document.getElementById(elementId);
  return element ? (JSON.parse(element.textContent ?? 'null') as unknown) : undefined;
}

// The shell's and the page's content came with the HTML; hydration must render exactly that.
// The Vite dev server serves the bare template, without data: there the browser builds the shell's own (never in a build).
const siteData =
  (dataIn(SITE_DATA_ELEMENT_ID) as SiteData | undefined) ??
  (import.meta.env.DEV ? await developmentSiteData() : undefined);
/** The starting content, for the Vite dev server only. */
async function developmentSiteData(): Promise<SiteData> {
  const [{ siteData: build }, { startingSiteContent }] = await Promise.all([
    import('./app/pageDataLoaders'),
    import('#shared/content/siteContent.ts'),
  ]);
  return build(startingSiteContent());
}
const initialPageData = { key: pageDataKey(route), data: dataIn(PAGE_DATA_ELEMENT_ID) };

const app = (
  <StrictMode>
    <App siteData={siteData} initialPageData={initialPageData} />
  </StrictMode>
);

// The dashboard renders in the browser alone; so does every page under the Vite dev server,
// which serves the bare template rather than a prerendered page.
const prerendered = container.firstElementChild !== null;
// As a transition React renders or hydrates in slices of a few milliseconds, so no one task holds the page (decision 0006).
startTransition(() => {
  if (route.clientOnly || !prerendered) createRoot(container).render(app);
  else
    hydrateRoot(container, app, {
      // A mismatch between the prerendered page and the first render is a bug: report it as one.
      onRecoverableError: (error) => console.error('Hydration recovered from an error', error),
    });
});
