import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the build puts its output. The build scripts write here and the server reads from here. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** BUILD_DIR lets parallel builds (or a benchmark) use their own folder; dist/ by default. */
export const distDir = path.resolve(projectRoot, process.env.BUILD_DIR ?? 'dist');
/** Hashed assets and the public folder, served as files. */
export const clientDir = path.join(distDir, 'client');
/** Prerendered HTML pages, one per route, served by route lookup only. */
export const pagesDir = path.join(distDir, 'pages');
export const serverRendererFile = path.join(distDir, 'server', 'entry-server.js');
/** The HTML shell every page is rendered into (Vite's processed index.html). */
export const templateFile = path.join(distDir, 'server', 'template.html');
/** Records what a build was made for (the public URL baked into canonical links). */
export const buildInfoFile = path.join(distDir, 'build-info.json');

export type BuildInfo = { publicUrl: string; builtAt: string; pages: string[] };

/** '/' -> 'index.html', '/about/our-team' -> 'about/our-team.html'. */
export function pageFileFor(prerenderPath: string): string {
  const relative = prerenderPath === '/' ? 'index' : prerenderPath.replace(/^\//, '');
  return path.join(pagesDir, `${relative}.html`);
}
