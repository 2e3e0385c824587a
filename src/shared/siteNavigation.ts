import { footerOutline, menuOutline, sitemapOutline, type LinkItem, type NavGroup, type NavLink, type PageLinkKey } from '../content/navigation';
import { isProgramName } from '../content/programs';
import { programPath, redirects, staticPages } from './routeTable';

/** The menus, the footer and the sitemap page with each page's address taken from the route table. */
export type MenuItem = LinkItem & { children?: MenuItem[] };
export type LinkGroup = { title: string; links: LinkItem[] };

/** The address of a page of the outlines; a key the route table does not know is a build error (see the content tests). */
export function pagePath(key: PageLinkKey): string {
  if (isProgramName(key)) return programPath(key);
  const alias = `/programs/${key}`;
  if (redirects[alias]) return alias;
  const page = staticPages.find((route) => route.meta === key);
  if (!page) throw new Error(`The route table has no page '${key}'`);
  return page.path;
}

const resolve = ({ to, label }: NavLink): LinkItem => ({ label, path: pagePath(to) });
const resolveGroups = (groups: NavGroup[]): LinkGroup[] => groups.map(({ title, links }) => ({ title, links: links.map(resolve) }));

export const mainMenu: MenuItem[] = menuOutline.map(({ children, ...entry }) => ({ ...resolve(entry), ...(children ? { children: children.map(resolve) } : {}) }));
export const footerLinkGroups: LinkGroup[] = resolveGroups(footerOutline);
export const sitemapGroups: LinkGroup[] = resolveGroups(sitemapOutline);
