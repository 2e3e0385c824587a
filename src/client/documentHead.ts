/**
 * Puts the head of the page at an address into the document after client-side navigation. Loaded
 * only then (useDocumentHead), with the route meta it needs: every page's title and description,
 * and the blog post's, from its page data.
 */
import { fetchedPageData, type InitialPageData } from './app/pageData';
import { pageDataKey } from './app/pageDataKey';
import type { PageData } from './app/pageDataLoaders';
import { headFor } from '#shared/head.ts';
import { matchRoute, resolveRoute } from '#shared/routes.ts';

/** The origin the prerendered page was built for, read from its canonical link. */
function publicOrigin(): string {
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  return canonical ? new URL(canonical.href).origin : window.location.origin;
}

function headElement(tag: 'meta' | 'link', attribute: string, value: string): HTMLElement {
  const existing = document.head.querySelector<HTMLElement>(`${tag}[${attribute}="${value}"]`);
  if (existing) return existing;
  const created = document.createElement(tag);
  created.setAttribute(attribute, value);
  document.head.append(created);
  return created;
}

/** A blog post's title and description are the office's: they come with the post's page data, not in this script. */
async function postShownAt(path: string, initial: InitialPageData | undefined) {
  const route = matchRoute(path);
  if (route.page !== 'blogPost') return undefined;
  const data = initial?.key === pageDataKey(route) ? initial.data : await fetchedPageData(route);
  return (data as PageData<'blogPost'>).post ?? undefined;
}

/** `initial`: the data of the page the visitor arrived on, which is not fetched again. */
export async function applyHead(path: string, initial: InitialPageData | undefined): Promise<void> {
  const post = await postShownAt(path, initial);
  // The visitor has gone on (or the server moved the page) while the post's data loaded.
  if (window.location.pathname !== path) return;
  const head = headFor(resolveRoute(path, post ? [post] : []), publicOrigin());
  document.title = head.title;
  for (const meta of head.meta) {
    const [attribute, name] = 'name' in meta ? ['name', meta.name] : ['property', meta.property];
    headElement('meta', attribute, name).setAttribute('content', meta.content);
  }
  headElement('link', 'rel', 'canonical').setAttribute('href', head.canonical);
}
