import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Manifest } from 'vite';
import type { RenderedPage } from '../src/client/entry-server';
import { loadConfig } from '../src/server/config';
import { buildInfoFile, clientDir, pageFileFor, pagesDir, serverRendererFile, type BuildInfo } from '../src/server/buildOutput';
import { prerenderPaths } from '../src/shared/routes';

type Renderer = { render(path: string, publicUrl: string): Promise<RenderedPage> };

/** modulepreload links for a page's chunk and the chunks it imports, so the page loads without a waterfall. */
function preloadLinks(manifest: Manifest, moduleKey: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(moduleKey);
  return [...files].map((file) => `<link rel="modulepreload" href="/${file}" />`);
}

/** Renders every public route into dist/pages and records what the build was made for. */
export async function prerender(): Promise<number> {
  const { publicUrl } = loadConfig();
  const templateFile = path.join(clientDir, 'index.html');
  const template = await fs.readFile(templateFile, 'utf8');
  const manifest = JSON.parse(await fs.readFile(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const renderer = (await import(pathToFileURL(serverRendererFile).href)) as Renderer;

  await fs.rm(pagesDir, { recursive: true, force: true });
  const paths = prerenderPaths();
  for (const routePath of paths) {
    const page = await renderer.render(routePath, publicUrl);
    const head = [page.head, ...preloadLinks(manifest, page.pageModule)].join('\n    ');
    const html = template.replace('<!--app-head-->', head).replace('<!--app-html-->', page.html);
    const file = pageFileFor(routePath);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, html);
  }
  // The template is not a page: it must not be served as one.
  await fs.rm(templateFile);
  const info: BuildInfo = { publicUrl, builtAt: new Date().toISOString(), pages: paths };
  await fs.writeFile(buildInfoFile, JSON.stringify(info, null, 2));
  return paths.length;
}
