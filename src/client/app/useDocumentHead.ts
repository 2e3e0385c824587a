import { useEffect } from 'react';
import { headFor } from '../../shared/head';
import type { ResolvedRoute } from '../../shared/routes';

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

/** Keeps title, description, canonical and Open Graph tags right after client-side navigation. */
export function useDocumentHead(route: ResolvedRoute): void {
  useEffect(() => {
    const head = headFor(route, publicOrigin());
    document.title = head.title;
    for (const meta of head.meta) {
      const [attribute, name] = 'name' in meta ? ['name', meta.name] : ['property', meta.property];
      headElement('meta', attribute, name).setAttribute('content', meta.content);
    }
    headElement('link', 'rel', 'canonical').setAttribute('href', head.canonical);
    // The route object is rebuilt on every render; its canonical path and title identify it.
  }, [route.canonicalPath, route.title, route.status]);
}
