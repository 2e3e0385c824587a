import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { resolveRoute } from '../../shared/routes';
import { pageComponent } from './pageRegistry';
import { useDocumentHead } from './useDocumentHead';
import { useScrollReset } from './useScrollReset';

/** Shows the page for the current address; pages load on demand, the first one before hydration. */
export function RouteView() {
  const [location] = useLocation();
  const route = resolveRoute(location);
  useDocumentHead(route);
  useScrollReset(route.page);
  const Page = pageComponent(route.page);
  return (
    <Suspense fallback={<p className="page-loading" role="status">Loading…</p>}>
      <Page route={route} />
    </Suspense>
  );
}
