import { PAGE_MODULES_ELEMENT_ID, type PageModules } from '#shared/pageModules.ts';
import './styles/index.css';

const PAINT_WAIT_LIMIT_MS = 3000;

/**
 * Every page arrives prerendered, so its first paint needs no JavaScript. The application's
 * modules are fetched only once the browser reports that paint: on a slow connection the HTML,
 * its images and the paint come first, and hydration follows (decision 0006). This file imports
 * nothing else, so the page loads no other script before it paints.
 */
function afterFirstPaint(run: () => void): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  // A page opened in a background tab does not paint until shown: nothing to wait for there.
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint'))
    return once();
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    once();
  }).observe({ type: 'paint', buffered: true });
  // Should a browser never report the paint, the page still comes alive.
  setTimeout(once, PAINT_WAIT_LIMIT_MS);
}

function preload(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  link.crossOrigin = '';
  link.fetchPriority = 'low';
  document.head.append(link);
}

/** Runs each module in its own task, dependencies first, so no one task holds the page for long. */
async function evaluateInTurn(modules: string[]): Promise<void> {
  for (const href of modules) {
    await import(/* @vite-ignore */ href);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

const listed = document.getElementById(PAGE_MODULES_ELEMENT_ID)?.textContent;
const list = listed ? (JSON.parse(listed) as PageModules) : undefined;

function start(): void {
  if (list) {
    list.modules.forEach(preload);
    void evaluateInTurn(list.modules);
  } else if (import.meta.env.DEV) {
    // The Vite dev server serves the bare template, without the list.
    void import('./hydrate');
  }
}

// A page drawn by the browser alone (the dashboard, any page under the Vite dev server) has nothing to paint first.
if (list?.paintFirst) afterFirstPaint(start);
else start();
