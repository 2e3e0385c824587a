import { createContext, use, useContext } from 'react';
import type { PageData, PagesWithData } from './pageDataLoaders';
import { matchRoute, type MatchedRoute } from '#shared/routeTable.ts';
import { pageDataKey } from './pageDataKey';

/** The data of the page rendered first (by its pageDataKey): on the server what the renderer loaded, in the browser what the HTML carries. */
export type InitialPageData = { key: string; data: unknown };

export const InitialPageDataContext = createContext<InitialPageData | undefined>(undefined);

/** Pages reached by a link in the browser, by pageDataKey: their HTML is fetched once for the data in it. */
const fetched = new Map<string, Promise<unknown>>();

/**
 * The content of the page at this route: from the HTML the visitor arrived with, or, after a
 * move in the browser, from that page's HTML (the page suspends meanwhile, as while its code loads).
 */
export function usePageData<P extends PagesWithData>(_page: P, route: MatchedRoute): PageData<P> {
  const initial = useContext(InitialPageDataContext);
  if (initial?.key === pageDataKey(route)) return initial.data as PageData<P>;
  return use(fetchedPageData(route)) as PageData<P>;
}

/** The data of the page at this route, fetched once: for the page after a move, and for its head (a blog post's title). */
export function fetchedPageData(route: MatchedRoute): Promise<unknown> {
  const key = pageDataKey(route);
  const known = fetched.get(key);
  if (known) return known;
  // The fetching code comes with the first move to another page, not with every page (decision 0006).
  const request = import('./pageDataFetch').then(({ fetchPageData }) =>
    // A moved page's data is remembered at its new address too.
    fetchPageData(route.path, (to, data) => fetched.set(pageDataKey(matchRoute(to)), Promise.resolve(data))),
  );
  // A failed load is not remembered: coming back to the page tries again.
  request.catch(() => fetched.delete(key));
  fetched.set(key, request);
  return request;
}
