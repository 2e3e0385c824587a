import { useLocation } from 'wouter';
import { normalisePath, redirects } from '#shared/routeTable.ts';

/** The address the visitor is on, the way the menus name it (an alias counts as its target). */
export function useCurrentPath(): string {
  const [location] = useLocation();
  const path = normalisePath(location);
  return redirects[path] ?? path;
}

/** aria-current for a menu link: 'page' on the link to the page being shown. */
export function ariaCurrent(linkPath: string, currentPath: string): 'page' | undefined {
  return linkPath === currentPath ? 'page' : undefined;
}

/** True when the page being shown is the link's page or one of its sub-pages. */
export function isInSection(sectionPath: string, currentPath: string): boolean {
  return currentPath === sectionPath || currentPath.startsWith(`${sectionPath}/`);
}
