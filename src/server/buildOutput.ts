import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RenderSettings } from '#shared/renderSettings.ts';

/**
 * The folder of package.json above this module: the same whether it runs from src/ (tests, tsx)
 * or compiled into the build folder (npm start), wherever BUILD_DIR puts that.
 */
function findProjectRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json above ${from}`);
  }
}

/** Where the build puts its output. The build scripts write here and the server reads from here. */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
/** BUILD_DIR lets parallel builds (or a benchmark) use their own folder; dist/ by default. */
export const distDir = path.resolve(projectRoot, process.env.BUILD_DIR ?? 'dist');

/**
 * Why the build cannot be made in BUILD_DIR, if it cannot. The build empties the folders it
 * writes, so only dist or a folder under .builds/ may be named, never src/ or another of the
 * project's folders. Both are inside the project, where Node finds the packages the built
 * renderer and server import (react, better-sqlite3, sharp) in its node_modules.
 */
export function buildDirProblem(): string | undefined {
  const outside = path.relative(projectRoot, distDir).split(path.sep);
  if (outside[0] === '..' || path.isAbsolute(outside[0]!)) {
    return `BUILD_DIR must be a folder inside the project (${projectRoot}), not ${distDir}: the built server and page renderer load their packages from the project's node_modules.`;
  }
  const [first, second] = outside;
  if ((first === 'dist' && second === undefined) || (first === '.builds' && second !== undefined)) return undefined;
  return `BUILD_DIR must be dist or a folder under .builds/ (such as .builds/next), not ${distDir}: the build empties the folders it writes.`;
}
/** Hashed assets and the public folder, served as files. */
export const clientDir = path.join(distDir, 'client');
/** Prerendered HTML pages, one per route, served by route lookup only. */
export const pagesDir = path.join(distDir, 'pages');
export const serverRendererFile = path.join(distDir, 'server', 'entry-server.js');
/** The server itself and the operator's commands, compiled (scripts/build.ts); `npm start` runs `app/main.js`. */
export const serverAppDir = path.join(distDir, 'app');
/** The HTML shell every page is rendered into (Vite's processed index.html). */
export const templateFile = path.join(distDir, 'server', 'template.html');
/** Records what a build was made for (the settings baked into its pages). */
export const buildInfoFile = path.join(distDir, 'build-info.json');

export type BuildInfo = RenderSettings & { builtAt: string; pages: string[] };

/** '/' -> 'index.html', '/about/our-team' -> 'about/our-team.html'. */
export function pageFileFor(prerenderPath: string): string {
  const relative = prerenderPath === '/' ? 'index' : prerenderPath.replace(/^\//, '');
  return path.join(pagesDir, `${relative}.html`);
}
