const moduleScript = /<script type="module"/g;

/**
 * The page template with its entry script fetched at low priority. Every page is prerendered, so
 * the first paint needs no script: on a slow connection the HTML and the hero image get the
 * bandwidth first, and hydration follows. Measured by `npm run bench:site` (decision 0006).
 */
export function lowPriorityScripts(template: string): string {
  return template.replace(moduleScript, (tag) => `${tag} fetchpriority="low"`);
}
