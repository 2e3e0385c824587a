/**
 * The JSON block in every prerendered page listing the JavaScript modules the page will run:
 * the server writes it (rendering.ts), the browser's entry script preloads them once the page
 * has painted (entry-client.ts).
 */
export const PAGE_MODULES_ELEMENT_ID = 'page-modules';
