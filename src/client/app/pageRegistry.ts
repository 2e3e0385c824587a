import { lazy, type ComponentType } from 'react';
import type { MatchedRoute, PageId } from '#shared/routeTable.ts';

export type PageProps = { route: MatchedRoute };
type PageModule = { default: ComponentType<PageProps> };

/**
 * Each page lives in `pages/<Name>Page.tsx`, where Name is the page id with a capital first
 * letter. The glob makes every page its own chunk, so a content page never downloads the
 * form, dashboard or tRPC code of another.
 */
const pageModules = import.meta.glob<PageModule>('../pages/*Page.tsx');

function pageFileName(page: PageId): string {
  return `${page.charAt(0).toUpperCase()}${page.slice(1)}Page.tsx`;
}

/** The module as Vite's build manifest names it (relative to the project root). */
export function pageManifestKey(page: PageId): string {
  return `src/client/pages/${pageFileName(page)}`;
}

const loaded = new Map<PageId, ComponentType<PageProps>>();
const lazyPages = new Map<PageId, ComponentType<PageProps>>();

export async function loadPage(page: PageId): Promise<ComponentType<PageProps>> {
  const cached = loaded.get(page);
  if (cached) return cached;
  const load = pageModules[`../pages/${pageFileName(page)}`];
  if (!load) throw new Error(`No page module for '${page}' (expected pages/${pageFileName(page)})`);
  const component = (await load()).default;
  loaded.set(page, component);
  return component;
}

/**
 * The component that shows a page: the module itself once loaded (so hydration and later
 * visits render without suspending), otherwise a lazy wrapper that loads it.
 */
export function pageComponent(page: PageId): ComponentType<PageProps> {
  const ready = loaded.get(page);
  if (ready) return ready;
  let wrapper = lazyPages.get(page);
  if (!wrapper) {
    wrapper = lazy(async () => ({ default: await loadPage(page) }));
    lazyPages.set(page, wrapper);
  }
  return wrapper;
}
