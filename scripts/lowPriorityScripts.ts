const scriptOrPreload = /<(script type="module"|link rel="modulepreload")/g;

/**
 * The page template with its scripts fetched at low priority. Every page is prerendered, so the
 * first paint needs none of them: on a slow connection the HTML and the hero image get the
 * bandwidth first, and hydration follows. Measured by `npm run bench:site` (decision 0006).
 */
export function lowPriorityScripts(template: string): string {
  return template.replace(scriptOrPreload, (tag) => `${tag} fetchpriority="low"`);
}
