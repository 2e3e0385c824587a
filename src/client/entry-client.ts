import { PAGE_MODULES_ELEMENT_ID } from '../shared/pageModules';
import './styles/index.css';

/**
 * Every page arrives prerendered, so its first paint needs no JavaScript. The application's
 * modules are fetched only after that paint: on a slow connection the HTML, its images and the
 * paint come first, and hydration follows (decision 0006).
 */
function afterFirstPaint(run: () => void): void {
  // A page opened in a background tab does not paint until shown: nothing to wait for there.
  if (document.visibilityState === 'hidden') run();
  else requestAnimationFrame(() => setTimeout(run, 0));
}

function preloadPageModules(): void {
  const list = document.getElementById(PAGE_MODULES_ELEMENT_ID)?.textContent;
  for (const href of list ? (JSON.parse(list) as string[]) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    link.fetchPriority = 'low';
    document.head.append(link);
  }
}

afterFirstPaint(() => {
  preloadPageModules();
  void import('./hydrate');
});
