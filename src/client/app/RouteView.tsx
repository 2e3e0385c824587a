import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { matchRoute } from '#shared/routeTable.ts';
import { pageComponent } from './pageRegistry';

/** Shows the page for the current address; pages load on demand, the first one before hydration. */
export function RouteView() {
  const [location] = useLocation();
  const route = matchRoute(location);
  const Page = pageComponent(route.page);
  return (
    <Suspense
      fallback={
        <p className="page-loading" role="status">
          Loading…
        </p>
      }
    >
      <Page route={route} />
    </Suspense>
  );
}
