import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Request, Response } from 'express';

/** One encoding of a file: its bytes, its ETag and the Content-Encoding it is sent with. */
type Encoded = { body: Buffer; etag: string; encoding: 'br' | 'gzip' | undefined };

/** A file as the build wrote it, with the brotli and gzip copies it wrote beside it (scripts/precompress.ts). */
export type Variants = { identity: Encoded; br: Encoded | undefined; gzip: Encoded | undefined };

/** Reads a built file and its copies once; each encoding gets its own ETag, so a cache never mixes them. */
export function loadVariants(file: string): Variants {
  const body = fs.readFileSync(file);
  const hash = crypto.createHash('sha1').update(body).digest('base64url');
  const copy = (suffix: '.br' | '.gz', encoding: 'br' | 'gzip'): Encoded | undefined =>
    fs.existsSync(`${file}${suffix}`) ? { body: fs.readFileSync(`${file}${suffix}`), etag: `"${hash}-${encoding}"`, encoding } : undefined;
  return { identity: { body, etag: `"${hash}"`, encoding: undefined }, br: copy('.br', 'br'), gzip: copy('.gz', 'gzip') };
}

/**
 * The smallest copy the browser accepts: brotli, then gzip, else the file itself. Browsers list
 * gzip first ("gzip, deflate, br") at equal weight, so the server's order decides, not theirs.
 */
function pick(req: Request, variants: Variants): Encoded {
  if (variants.br && req.acceptsEncodings('br') === 'br') return variants.br;
  if (variants.gzip && req.acceptsEncodings('gzip') === 'gzip') return variants.gzip;
  return variants.identity;
}

/**
 * Sends a built file in the encoding the browser accepts, with Vary so shared caches keep the
 * encodings apart, and 304 when the browser has this version already (pages are revalidated on
 * each visit, so a new build reaches everyone at once).
 */
export function sendVariant(req: Request, res: Response, variants: Variants, { cacheControl, conditional }: { cacheControl: string; conditional: boolean }): void {
  const variant = pick(req, variants);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', variant.etag);
  if (variant.encoding) res.setHeader('Content-Encoding', variant.encoding);
  if (conditional && req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', variant.body.length);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  res.end(variant.body);
}

/**
 * Built files read once, by the first request that needs them (about 40 ms for every page and
 * asset), not before the server listens: the process answers /healthz that much sooner.
 */
export function readOnFirstUse<T>(read: () => T): () => T {
  let files: T | undefined;
  return () => (files ??= read());
}
