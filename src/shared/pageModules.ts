/**
 * Every prerendered page lists the JavaScript it will run in a JSON block: the server writes it
 * (rendering.ts), and the browser's entry script (entry-client.ts) preloads the modules once the
 * page has painted, then imports the application.
 */
export const PAGE_MODULES_ELEMENT_ID = 'page-modules';

/** The application module: a build input of its own (vite.config.ts), found in the build manifest by this name. */
export const APP_MODULE = 'src/client/hydrate.tsx';

export type PageModules = {
  /** Every file the page will run, each after the chunks it imports: the page's own chunk, then the application, last. */
  modules: string[];
  /** Whether the page arrives with content to paint before its scripts run: all but the dashboard, which the browser draws. */
  paintFirst: boolean;
};
