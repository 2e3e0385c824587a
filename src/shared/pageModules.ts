/**
 * Every prerendered page lists the JavaScript it will run in a JSON block: the server writes it
 * (rendering.ts), and the browser's entry script (entry-client.ts) preloads the modules once the
 * page has painted, then imports the application.
 */
export const PAGE_MODULES_ELEMENT_ID = 'page-modules';

/** The application module: a build input of its own (vite.config.ts), found in the build manifest by this name. */
export const APP_MODULE = 'src/client/hydrate.tsx';

export type PageModules = {
  /** The application's file, to import. */
  app: string;
  /** Every file the page will run: the application, the page's own chunk and the chunks they import. */
  modules: string[];
};
