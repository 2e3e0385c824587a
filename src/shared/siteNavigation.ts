import type { LinkItem } from '#content/links.ts';
import {
  footerOutline,
  menuOutline,
  sitemapOutline,
  type MenuEntry,
  type NavGroup,
  type NavLink,
} from '#content/navigation.ts';
import { pagePath } from './pagePath';

/** The menus, the footer and the sitemap page with each page's address taken from the route table. */
export type MenuItem = LinkItem & { children?: MenuItem[] };
export type LinkGroup = { title: string; links: LinkItem[] };

const resolve = ({ to, label }: NavLink): LinkItem => ({ label, path: pagePath(to) });

export const resolveMenu = (outline: MenuEntry[]): MenuItem[] =>
  outline.map(({ children, ...entry }) => ({
    ...resolve(entry),
    ...(children ? { children: children.map(resolve) } : {}),
  }));
export const resolveGroups = (groups: NavGroup[]): LinkGroup[] =>
  groups.map(({ title, links }) => ({ title, links: links.map(resolve) }));

export const mainMenu: MenuItem[] = resolveMenu(menuOutline);
export const footerLinkGroups: LinkGroup[] = resolveGroups(footerOutline);
export const sitemapGroups: LinkGroup[] = resolveGroups(sitemapOutline);
