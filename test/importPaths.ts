import fs from 'node:fs';
import path from 'node:path';

const aliasCache = new Map<string, [string, string][]>();

/** A project's package.json `imports` of the form `"#name/*": "./folder/*"`, as [`#name/`, `folder/`]. */
export function projectAliases(root: string): [string, string][] {
  const cached = aliasCache.get(root);
  if (cached) return cached;
  const file = path.join(root, 'package.json');
  const { imports = {} } = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { imports?: Record<string, unknown> })
    : {};
  const aliases = Object.entries(imports).flatMap(([key, target]) =>
    key.endsWith('/*') && typeof target === 'string' && target.startsWith('./') && target.endsWith('/*')
      ? [[key.slice(0, -1), target.slice(2, -1)] as [string, string]]
      : [],
  );
  aliasCache.set(root, aliases);
  return aliases;
}

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
  const alias = projectAliases(root).find(([prefix]) => specifier.startsWith(prefix));
  return alias && path.posix.normalize(alias[1] + specifier.slice(alias[0].length));
}
