import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { clientDir, pagesDir } from '#server/buildOutput.ts';
import { seededNotices } from '#server/storage/migrations/031-parents-corner.ts';
import { ensureSiteBuilt } from '#test/support/siteBuild.ts';

/** The spec's events and documents, as it names them (the events' table and the documents are the server's, issue 37). */
const specEvents = ['Parent-Teacher Conference', 'Annual Day Celebration', 'Summer Camp Registration'];
const specDocuments = ['School Calendar 2024-2025', 'Parent Handbook'];

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
    );
}

/** A file's text as a browser would get it: precompressed copies are read uncompressed. */
function textOf(file: string): string {
  const bytes = fs.readFileSync(file);
  if (file.endsWith('.gz')) return gunzipSync(bytes).toString('utf8');
  if (file.endsWith('.br')) return brotliDecompressSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

describe("the Parents' Corner's private content (issue 37)", () => {
  it('is in no public file of the build: no page, script, style or sitemap names a notice, an event or a document', () => {
    ensureSiteBuilt();
    const files = [...filesUnder(clientDir), ...filesUnder(pagesDir)];
    expect(files.some((file) => /sitemap/.test(file))).toBe(true);
    expect(files.some((file) => /parents-corner/.test(file))).toBe(true);
    const titles = [...seededNotices.map((notice) => notice.title), ...specEvents, ...specDocuments];
    const found = files.flatMap((file) => {
      const text = textOf(file);
      return titles
        .filter((title) => text.includes(title))
        .map((title) => `${path.relative(clientDir, file)}: ${title}`);
    });
    expect(found).toEqual([]);
  });
});
