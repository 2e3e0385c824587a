import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, renderSettingsOf } from '#server/config.ts';
import { buildInfoFile, clientDir, pageFileFor, pagesDir, templateFile, type BuildInfo } from '#server/buildOutput.ts';
import { loadPageRenderer } from '#server/rendering.ts';
import { inlineStylesheets } from './inlineStylesheets';
import { lowPriorityScripts } from './lowPriorityScripts';
import { prerenderPaths } from '#shared/routes.ts';
import { builtContent } from '#shared/content/siteContent.ts';

/** Renders every public route into dist/pages (the starting content's) and records what the build was made for. */
export async function prerender(): Promise<number> {
  const settings = renderSettingsOf(loadConfig());
  // Vite writes the template among the client files; it is not a page, so it moves beside the
  // renderer, with the stylesheet inline.
  const template = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8');
  await fs.writeFile(templateFile, lowPriorityScripts(await inlineStylesheets(template, clientDir)));
  await fs.rm(path.join(clientDir, 'index.html'));
  const renderer = await loadPageRenderer(settings);

  await fs.rm(pagesDir, { recursive: true, force: true });
  const builtAt = new Date();
  const content = builtContent(builtAt);
  const paths = prerenderPaths(content.blogPosts);
  for (const routePath of paths) {
    const { html } = await renderer.renderDocument(routePath, undefined, content);
    const file = pageFileFor(routePath);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, html);
  }
  const info: BuildInfo = { ...settings, builtAt: builtAt.toISOString(), pages: paths };
  await fs.writeFile(buildInfoFile, JSON.stringify(info, null, 2));
  return paths.length;
}
