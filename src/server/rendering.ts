import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Manifest } from 'vite';
import type { RenderedPage } from '#client/entry-server.tsx';
import type { FormPostResult } from '#shared/enquiries/formPostResult.ts';
import type { SiteContent } from '#shared/content/siteContent.ts';
import { APP_MODULE, PAGE_MODULES_ELEMENT_ID, type PageModules } from '#shared/pageModules.ts';
import type { RenderSettings } from '#shared/renderSettings.ts';
import { clientDir, serverRendererFile, templateFile } from './buildOutput';

type RenderModule = {
  render(
    path: string,
    settings: RenderSettings,
    formPostResult?: FormPostResult,
    content?: SiteContent,
  ): Promise<RenderedPage>;
};

/**
 * The JSON block naming every module the page will run: the page's own chunk and the application,
 * each after the chunks it imports. The entry script preloads them all at once after the first
 * paint, so the page hydrates without a waterfall, then runs them in this order, one task each
 * (decision 0006). The dashboard, which the browser draws, has them preloaded by the HTML itself.
 */
function pageModulesBlock(manifest: Manifest, { pageModule, route }: RenderedPage): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no ${key}`);
    if (files.has(chunk.file)) return;
    chunk.imports?.forEach(visit);
    files.add(chunk.file);
  };
  visit(pageModule);
  visit(APP_MODULE);
  const list: PageModules = { modules: [...files].map((file) => `/${file}`), paintFirst: !route.clientOnly };
  const block = `<script type="application/json" id="${PAGE_MODULES_ELEMENT_ID}">${JSON.stringify(list)}</script>`;
  // A page the browser draws needs its modules for its first paint: the HTML asks for them at once.
  return [
    block,
    ...(list.paintFirst
      ? []
      : list.modules.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${file}" />`)),
  ].join('\n    ');
}

export type PageRenderer = {
  /** A whole HTML document for the address, with its head tags and the list of its modules. */
  renderDocument(
    routePath: string,
    formPostResult?: FormPostResult,
    content?: SiteContent,
  ): Promise<{ html: string; page: RenderedPage }>;
};

/**
 * Loads the built server renderer, the HTML template and the client manifest once. Used by the
 * prerender step and by the server for pages that depend on a request (no-JavaScript form posts).
 */
export async function loadPageRenderer(settings: RenderSettings): Promise<PageRenderer> {
  const [template, manifestText, renderModule] = await Promise.all([
    fs.readFile(templateFile, 'utf8'),
    fs.readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
    import(pathToFileURL(serverRendererFile).href) as Promise<RenderModule>,
  ]);
  const manifest = JSON.parse(manifestText) as Manifest;
  return {
    async renderDocument(routePath, formPostResult, content) {
      const page = await renderModule.render(routePath, settings, formPostResult, content);
      const head = [page.head, pageModulesBlock(manifest, page)].join('\n    ');
      const html = template.replace('<!--app-head-->', () => head).replace('<!--app-html-->', () => page.html);
      return { html, page };
    },
  };
}
