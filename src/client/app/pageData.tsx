import { createContext, use, useContext } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { PageData, PagesWithData } from './pageDataLoaders';
import { matchRoute, type MatchedRoute } from '../../shared/routeTable';
import { pageDataKey } from './pageDataKey';

/** The id of the <script type="application/json"> element that carries a page's data in its HTML. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** The data of the page rendered first (by its pageDataKey): on the server what the renderer loaded, in the browser what the HTML carries. */
export type InitialPageData = { key: string; data: unknown };

export const InitialPageDataContext = createContext<InitialPageData | undefined>(undefined);

const dataElement = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`);

/** The data a page's HTML carries, or undefined when it carries none. */
export function pageDataInHtml(html: string): unknown {
  const json = dataElement.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

/** Pages reached by a link in the browser, by pageDataKey: their HTML is fetched once (as sent to anyone, precompressed) for the data in it. */
const fetched = new Map<string, Promise<unknown>>();

function fetchPageData(key: string, path: string): Promise<unknown> {
  const request = fetch(path, { headers: { accept: 'text/html' } }).then(async (response) => {
    // A 404 is a page too (an unknown blog post), with its own data.
    const data = response.ok || response.status === 404 ? pageDataInHtml(await response.text()) : undefined;
    if (data === undefined) throw new Error(`The page ${path} could not be loaded (HTTP ${response.status})`);
    if (response.redirected) followMove(path, new URL(response.url).pathname, data);
    return data;
  });
  // A failed load is not remembered: coming back to the page tries again.
  request.catch(() => fetched.delete(key));
  fetched.set(key, request);
  return request;
}

/**
 * The server moved the page (a renamed blog post answers 301 to its new address): its data is
 * remembered at the new address too, and the address bar, and with it the head, follow the move,
 * unless the visitor has gone on meanwhile.
 */
function followMove(from: string, to: string, data: unknown): void {
  fetched.set(pageDataKey(matchRoute(to)), Promise.resolve(data));
  if (window.location.pathname === from) navigate(`${to}${window.location.search}${window.location.hash}`, { replace: true });
}

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
  return fetched.get(key) ?? fetchPageData(key, route.path);
}
