import { navigate } from 'wouter/use-browser-location';
import { PAGE_DATA_ELEMENT_ID } from './pageDataKey';

const dataElement = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`);

/** The data a page's HTML carries, or undefined when it carries none. */
export function pageDataInHtml(html: string): unknown {
  const json = dataElement.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

/**
 * The data of the page at this address, read from its HTML (as sent to anyone, precompressed).
 * When the server moved the page (a renamed blog post answers 301 to its new address), `moved`
 * hears the new address, and the address bar, and with it the head, follow the move, unless the
 * visitor has gone on meanwhile.
 */
export async function fetchPageData(path: string, moved: (to: string, data: unknown) => void): Promise<unknown> {
  const response = await fetch(path, { headers: { accept: 'text/html' } });
  // A 404 is a page too (an unknown blog post), with its own data.
  const data = response.ok || response.status === 404 ? pageDataInHtml(await response.text()) : undefined;
  if (data === undefined) throw new Error(`The page ${path} could not be loaded (HTTP ${response.status})`);
  if (response.redirected) {
    const to = new URL(response.url).pathname;
    moved(to, data);
    if (window.location.pathname === path)
      navigate(`${to}${window.location.search}${window.location.hash}`, { replace: true });
  }
  return data;
}
