import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay true to the tree: every file and function they name exists, every link between
 * them lands, the folder map matches the folders, and every package has its reason.
 */
const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const markdownIn = (folder: string) =>
  fs
    .readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${folder}/${name}`);

/** README.md, the pages of docs/ and the decision records: a record that names a file or function keeps naming today's. */
const pages = ['README.md', ...markdownIn('docs'), ...markdownIn('docs/decisions')];

const withoutCodeBlocks = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** Paths in backticks that start at a folder of the project, e.g. `src/server/app.ts`; placeholders such as <Name> are skipped. */
function namedPaths(text: string): string[] {
  const candidates = [...text.matchAll(/`((?:src|scripts|e2e|test|docs|deploy|public|\.ci)\/[^`\s]*)`/g)].map(
    ([, candidate]) => candidate!,
  );
  return candidates.filter((candidate) => !/[<>*{}]/.test(candidate));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsIn = (text: string) =>
  new Set([...withoutCodeBlocks(text).matchAll(/^#+\s+(.+)$/gm)].map(([, heading]) => anchorOf(heading!)));

/** Relative links of a Markdown page ([text](target) and ![alt](target)), with the page they are in. */
function relativeLinks(page: string): Array<{ target: string; anchor: string | undefined }> {
  return [...withoutCodeBlocks(read(page)).matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, link]) => link!)
    .filter((link) => !/^[a-z]+:/i.test(link))
    .map((link) => {
      const [file = '', anchor] = link.split('#');
      return { target: file === '' ? page : path.posix.join(path.posix.dirname(page), file), anchor };
    });
}

/** The folders a tree drawn in a code block names: `src/client/` at the margin, `app/` indented beneath it. */
function foldersOfTree(tree: string): string[] {
  const stack: Array<{ indent: number; folder: string }> = [];
  const folders: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(\s*)(\S+\/)(?:\s|$)/.exec(line);
    if (!match) continue;
    const indent = match[1]!.length;
    while (stack.length > 0 && stack.at(-1)!.indent >= indent) stack.pop();
    const folder = `${stack.at(-1)?.folder ?? ''}${match[2]}`;
    stack.push({ indent, folder });
    folders.push(folder);
  }
  return folders;
}

/** The tree under docs/architecture.md's "The folder map". */
function folderMap(): string {
  const map = /## The folder map\s+```\n([\s\S]*?)```/.exec(read('docs/architecture.md'))?.[1];
  expect(map).toBeDefined();
  return map!;
}

/** Every folder under `folder` (itself aside), written as the map writes them: `src/client/app/`. */
function foldersOf(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${path.relative(root, path.join(entry.parentPath, entry.name))}/`);
}

/** The folders a map leaves out. */
const foldersMissingFrom = (map: string, folders: string[]) => {
  const drawn = new Set(foldersOfTree(map));
  return folders.filter((folder) => !drawn.has(folder));
};

/** Every source file's text, for the functions the docs name. */
function sourceText(): string {
  return ['src', 'scripts', 'e2e', 'test']
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(tsx?|mjs)$/.test(file))
        .map((file) => path.join(folder, file)),
    )
    .map(read)
    .join('\n');
}

describe('the docs', () => {
  it.each(pages)('%s names only files that exist', (page) => {
    const missing = namedPaths(read(page)).filter((named) => !fs.existsSync(path.join(root, named)));
    expect(missing).toEqual([]);
  });

  it.each(pages)('%s links only to pages and headings that exist', (page) => {
    const broken = relativeLinks(page).filter(({ target, anchor }) => {
      const file = path.join(root, target);
      if (!fs.existsSync(file)) return true;
      return anchor !== undefined && target.endsWith('.md') && !anchorsIn(read(target)).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('names only functions that exist (written `name()`)', () => {
    const source = sourceText();
    const named = new Set(
      pages.flatMap((page) => [...read(page).matchAll(/`(?:[\w]+\.)*(\w+)\(\)`/g)].map(([, name]) => name!)),
    );
    expect([...named].filter((name) => !new RegExp(`\\b${name}\\b`).test(source))).toEqual([]);
  });

  it('draws a folder map of folders that exist', () => {
    const folders = foldersOfTree(folderMap());
    expect(folders).toContain('src/client/features/admin/account/');
    expect(folders.filter((folder) => !fs.existsSync(path.join(root, folder)))).toEqual([]);
  });

  it('draws every folder of src/ in the folder map', () => {
    const folders = foldersOf('src');
    expect(folders).toContain('src/server/modules/enquiries/');
    expect(foldersMissingFrom(folderMap(), folders)).toEqual([]);
  });

  it('checks the folder map whole: a folder left out of it is found', () => {
    const folders = foldersOf('src');
    const withoutOutbox = folderMap()
      .split('\n')
      .filter((line) => !/^\s+outbox\/\s/.test(line))
      .join('\n');
    expect(foldersMissingFrom(withoutOutbox, folders)).toEqual(['src/client/features/enquiry/outbox/']);
  });

  it.each([
    'A new page',
    'A new enquiry field',
    'A new dashboard section',
    'A new site-content part',
    'A new REST path',
    'A new server module',
  ])('gives a change recipe for "%s" that names the files it touches', (recipe) => {
    const text = /^### (.+)\n([\s\S]*?)(?=^##)/gm;
    const recipes = new Map(
      [...read('docs/architecture.md').matchAll(text)].map(([, heading, body]) => [heading!.trim(), body!]),
    );
    const named = namedPaths(recipes.get(recipe) ?? '');
    expect(named.filter((file) => /\.tsx?$/.test(file)).length).toBeGreaterThan(1);
    expect(named.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });

  it('gives every package of package.json its reason in docs/dependencies.md, and names no other', () => {
    const manifest = JSON.parse(read('package.json')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const packages = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)].sort();
    const rows = [...read('docs/dependencies.md').matchAll(/^\| `([^`]+)` \| *(\S[^|]*)\|$/gm)];
    expect(rows.map(([, name]) => name!).sort()).toEqual(packages);
  });
});
