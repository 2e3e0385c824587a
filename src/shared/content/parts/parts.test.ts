import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentParts,
  partContentOf,
  partFormOf,
  partKeys,
  siteContentParts,
  siteContentSchema,
  startingSiteContent,
} from '../siteContent';

const root = join(import.meta.dirname, '../../../..');
const pascal = (key: string) => `${key.charAt(0).toUpperCase()}${key.slice(1)}`;

/** Every production source file under src/, tests left out. */
function sourceFiles(folder = join(root, 'src')): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The files of the recipe in docs/architecture.md, for one part. */
function recipeFiles(key: string): string[] {
  const recipe =
    readFileSync(join(root, 'docs/architecture.md'), 'utf8')
      .split('### A new site-content part')[1]
      ?.split(/\n#{1,3} /)[0] ?? '';
  return [...recipe.matchAll(/^\d+\. `([^`]+)`/gm)].map(([, path = '']) =>
    path.replace('<part>', key).replace('<Part>', pascal(key)),
  );
}

describe('the registry of site-content parts', () => {
  it('holds each part once, each with a name of its own', () => {
    expect(new Set(Object.values(contentParts)).size).toBe(partKeys.length);
    expect(new Set(Object.values(siteContentParts)).size).toBe(partKeys.length);
    expect(partKeys).toEqual([
      'announcement',
      'admissionsYear',
      'blogPosts',
      'gallery',
      'team',
      'testimonials',
      'schoolFacts',
    ]);
  });

  it('is what the schema and the starting content are made of', () => {
    expect(Object.keys(siteContentSchema.shape)).toEqual(partKeys);
    const starting = startingSiteContent();
    expect(Object.keys(starting)).toEqual(partKeys);
    for (const key of partKeys) expect(starting[key], key).toEqual(contentParts[key].starting());
  });

  it('gives each part a form that turns back into the same content', () => {
    const starting = startingSiteContent();
    for (const key of partKeys)
      expect(contentParts[key].schema.parse(partContentOf(key, partFormOf(key, starting))), key).toEqual(starting[key]);
  });

  it('gives content stored before a part existed that part’s starting content, except for the announcement and the year', () => {
    const { announcement, admissionsYear } = startingSiteContent();
    expect(siteContentSchema.parse({ announcement, admissionsYear })).toEqual(startingSiteContent());
  });
});

describe('the recipe for a new part (docs/architecture.md)', () => {
  it('names four files, each of which every part has', () => {
    for (const key of partKeys) {
      const files = recipeFiles(key);
      expect(files, key).toHaveLength(4);
      for (const file of files) expect(existsSync(join(root, file)), file).toBe(true);
    }
  });

  it('is all a part needs: its module and its editor are named in those files and no other', () => {
    const sources = sourceFiles().map((path) => ({
      path: path.slice(root.length + 1),
      text: readFileSync(path, 'utf8'),
    }));
    for (const key of partKeys) {
      const [module, registry, editor, editors] = recipeFiles(key);
      const naming = (name: string) =>
        sources
          .filter(({ text }) => new RegExp(`\\b${name}\\b`).test(text))
          .map(({ path }) => path)
          .sort();
      expect(naming(`${key}Part`), key).toEqual([module, registry].sort());
      expect(naming(`${pascal(key)}Editor`), key).toEqual([editor, editors].sort());
    }
  });

  it('registers each part by one line in each registry', () => {
    const registry = readFileSync(join(root, 'src/shared/content/siteContent.ts'), 'utf8');
    const editors = readFileSync(join(root, 'src/client/features/admin/content/parts/editors.ts'), 'utf8');
    for (const key of partKeys) {
      expect(registry.match(new RegExp(`^  ${key}: ${key}Part,$`, 'gm')), key).toHaveLength(1);
      expect(editors.match(new RegExp(`^  ${key}: ${pascal(key)}Editor,$`, 'gm')), key).toHaveLength(1);
    }
  });
});
