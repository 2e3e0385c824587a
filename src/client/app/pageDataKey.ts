import type { MatchedRoute, PageId } from '#shared/routeTable.ts';

/** The id of the <script type="application/json"> element that carries a page's data in its HTML. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * Pages whose data depends on their address (each blog post). Every other page's data is the
 * same at each address it answers (the program tabs, /curriculum), so moving between those
 * addresses loads nothing.
 */
const dataVariesByAddress: ReadonlySet<PageId> = new Set<PageId>(['blogPost']);

/** What a page's data is remembered by in the browser. */
export function pageDataKey(route: MatchedRoute): string {
  return dataVariesByAddress.has(route.page) ? route.path : route.page;
}
