/**
 * Puts the head of the page at an address into the document after client-side navigation. Loaded
 * only then (useDocumentHead), with the route meta it needs: every page's title and description,
 * and the blog post's, from its page data.
 */
import type { BlogPostHead } from '../shared/content/blogPosts';
import { headFor } from '../shared/head';
import { resolveRoute } from '../shared/routes';

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

export function applyHead(path: string, posts: readonly BlogPostHead[]): void {
  const head = headFor(resolveRoute(path, posts), publicOrigin());
  document.title = head.title;
  for (const meta of head.meta) {
    const [attribute, name] = 'name' in meta ? ['name', meta.name] : ['property', meta.property];
    headElement('meta', attribute, name).setAttribute('content', meta.content);
  }
  headElement('link', 'rel', 'canonical').setAttribute('href', head.canonical);
}
