import { useEffect } from 'react';
import { Router, useLocation } from 'wouter';
import type { FormPostResult } from '#shared/enquiries/formPostResult.ts';
import { ADMIN_PATH, matchRoute } from '#shared/routeTable.ts';
import { ErrorBoundary } from './app/ErrorBoundary';
import { InitialPageDataContext, type InitialPageData } from './app/pageData';
import type { SiteData } from './app/pageDataLoaders';
import { SiteDataContext } from './app/siteData';
import { FormPostResultContext } from './features/enquiry/postResultContext';
import { Layout } from './app/Layout';
import { RouteView } from './app/RouteView';
import { useScrollReset } from './app/useScrollReset';
import { useDocumentHead } from './app/useDocumentHead';

type AppProps = {
  /** On the server: the address being rendered. */
  ssrPath?: string;
  /** On the server: the outcome of a form posted without JavaScript. */
  formPostResult?: FormPostResult;
  /** The shell's content, the same for every page: loaded by the renderer, or read from the page's HTML in the browser. */
  siteData: SiteData | undefined;
  /** The first page's content: loaded by the renderer, or read from the page's HTML in the browser. */
  initialPageData?: InitialPageData;
};

/** A failed page is forgotten when the visitor moves to another page. */
function PageWithErrorBoundary() {
  const [location] = useLocation();
  const { page, path, clientOnly } = matchRoute(location);
  // Outside the keyed boundary, so they remember the previous page across the remount.
  useScrollReset(page);
  // The dashboard's sections are one page with one head; each section names itself in the title.
  useDocumentHead(clientOnly ? ADMIN_PATH : path);
  return (
    <ErrorBoundary key={page}>
      <RouteView />
    </ErrorBoundary>
  );
}

/** Marks the document once React has taken over the prerendered page (tests and tools wait for it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** The whole site. */
export function App({ ssrPath, formPostResult, siteData, initialPageData }: AppProps) {
  return (
    <Router {...(ssrPath === undefined ? {} : { ssrPath })}>
      <SiteDataContext value={siteData}>
        <InitialPageDataContext value={initialPageData}>
          <FormPostResultContext value={formPostResult}>
            <Layout>
              <PageWithErrorBoundary />
            </Layout>
            <HydrationMarker />
          </FormPostResultContext>
        </InitialPageDataContext>
      </SiteDataContext>
    </Router>
  );
}
