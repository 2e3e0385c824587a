import fs from 'node:fs';
import path from 'node:path';

/** A project's package.json `imports` of the form `"#name/*": "./folder/*"`, as [`#name/`, `folder/`]. */
function aliasesOf(root: string): [string, string][] {
  const file = path.join(root, 'package.json');
  if (!fs.existsSync(file)) return [];
  const { imports = {} } = JSON.parse(fs.readFileSync(file, 'utf8')) as { imports?: Record<string, unknown> };
  return Object.entries(imports).flatMap(([key, target]) =>
    key.endsWith('/*') && typeof target === 'string' && target.startsWith('./') && target.endsWith('/*')
      ? [[key.slice(0, -1), target.slice(2, -1)] as [string, string]]
      : [],
  );
}

const aliasCache = new Map<string, [string, string][]>();

/**
 * The project path (relative to `root`, with `/`) that an import names: a relative specifier
 * from `fromFile`'s folder, or a subpath alias of package.json `imports` (decision 0061), as
 * written, before any extension is tried. Undefined for a package.
 */
export function importedPath(root: string, fromFile: string, specifier: string): string | undefined {
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile.split(path.sep).join('/')), specifier));
  }
  if (!specifier.startsWith('#')) return undefined;
  if (!aliasCache.has(root)) aliasCache.set(root, aliasesOf(root));
  const alias = aliasCache.get(root)?.find(([prefix]) => specifier.startsWith(prefix));
  return alias && path.posix.normalize(alias[1] + specifier.slice(alias[0].length));
}
