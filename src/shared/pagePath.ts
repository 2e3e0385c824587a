import type { PageLinkKey } from '#content/links.ts';
import { isProgramName } from '#content/programNames.ts';
import { programPath, redirects, staticPages } from './routeTable';

/** The address of a page named by its key; a key the route table does not know is a build error (see the content tests). */
export function pagePath(key: PageLinkKey): string {
  if (isProgramName(key)) return programPath(key);
  const alias = `/programs/${key}`;
  if (redirects[alias]) return alias;
  const page = staticPages.find((route) => route.meta === key);
  if (!page) throw new Error(`The route table has no page '${key}'`);
  return page.path;
}
