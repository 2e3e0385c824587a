import { useEffect, useRef } from 'react';

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

async function applyHead(path: string): Promise<void> {
  // The route meta (every title and description) loads only when the visitor navigates.
  const [{ resolveRoute }, { headFor }] = await Promise.all([import('../../shared/routes'), import('../../shared/head')]);
  const head = headFor(resolveRoute(path), publicOrigin());
  document.title = head.title;
  for (const meta of head.meta) {
    const [attribute, name] = 'name' in meta ? ['name', meta.name] : ['property', meta.property];
    headElement('meta', attribute, name).setAttribute('content', meta.content);
  }
  headElement('link', 'rel', 'canonical').setAttribute('href', head.canonical);
}

/**
 * Keeps title, description, canonical and Open Graph tags right after client-side navigation.
 * The first page arrives with its head prerendered, so nothing is done until the address changes.
 */
export function useDocumentHead(path: string): void {
  const firstPath = useRef(path);
  useEffect(() => {
    if (path === firstPath.current) return;
    firstPath.current = '';
    applyHead(path).catch((error: unknown) => console.warn('Could not update the page title', error));
  }, [path]);
}
