import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

type Coding = 'br' | 'gzip';

/** One encoding of a file: its bytes, its ETag and the Content-Encoding it is sent with. */
type Encoded = { body: Buffer; etag: string; encoding: Coding | undefined };

/** A file as the build wrote it, with the brotli and gzip copies it wrote beside it (scripts/precompress.ts). */
export type Variants = { identity: Encoded; br: Encoded | undefined; gzip: Encoded | undefined };

/** A file's bytes and its copies; each encoding gets its own ETag, so a cache never mixes them. */
export function variantsOf(body: Buffer, copies: { br?: Buffer | undefined; gzip?: Buffer | undefined }): Variants {
  const hash = crypto.createHash('sha1').update(body).digest('base64url');
  const copy = (bytes: Buffer | undefined, encoding: Coding): Encoded | undefined =>
    bytes && { body: bytes, etag: `"${hash}-${encoding}"`, encoding };
  return {
    identity: { body, etag: `"${hash}"`, encoding: undefined },
    br: copy(copies.br, 'br'),
    gzip: copy(copies.gzip, 'gzip'),
  };
}

/** Reads a built file and the copies written beside it (scripts/precompress.ts, or a publish). */
export function loadVariants(file: string): Variants {
  const read = (suffix: '.br' | '.gz') =>
    fs.existsSync(`${file}${suffix}`) ? fs.readFileSync(`${file}${suffix}`) : undefined;
  return variantsOf(fs.readFileSync(file), { br: read('.br'), gzip: read('.gz') });
}

/**
 * Whether Accept-Encoding allows a coding, read as Express's `req.acceptsEncodings` reads it: the
 * coding's own entry if listed (its highest q), else `*`'s; allowed when q > 0. No header allows
 * none. Written out because built files are sent before Express sees the request (builtFiles.ts).
 */
export function acceptsCoding(header: string | undefined, coding: Coding): boolean {
  let own: number | undefined;
  let wildcard: number | undefined;
  for (const entry of (header ?? '').split(',')) {
    const [name = '', ...parameters] = entry.split(';');
    const token = name.trim().toLowerCase();
    if (token !== coding && token !== '*') continue;
    const q = parameters.map((parameter) => parameter.trim().split('=')).find(([key]) => key === 'q');
    const quality = q ? Number.parseFloat(q[1] ?? '') : 1;
    if (token === coding) own = Math.max(own ?? Number.NEGATIVE_INFINITY, quality);
    else wildcard = Math.max(wildcard ?? Number.NEGATIVE_INFINITY, quality);
  }
  return (own ?? wildcard ?? 0) > 0;
}

/**
 * Whether the browser already has this version, as Express's `req.fresh` decides for an answer
 * with an ETag and no Last-Modified: If-None-Match lists the ETag (weakly compared) or is `*`, and
 * the request does not forbid a cached answer (Cache-Control: no-cache). A date alone never matches.
 */
export function isFresh(req: IncomingMessage, etag: string): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (!noneMatch) return false;
  if (/(?:^|,)\s*?no-cache\s*?(?:,|$)/.test(req.headers['cache-control'] ?? '')) return false;
  if (noneMatch === '*') return true;
  return noneMatch
    .split(',')
    .map((candidate) => candidate.replace(/^ +| +$/g, ''))
    .some((candidate) => candidate === etag || candidate === `W/${etag}` || `W/${candidate}` === etag);
}

/**
 * The smallest copy the browser accepts: brotli, then gzip, else the file itself. Browsers list
 * gzip first ("gzip, deflate, br") at equal weight, so the server's order decides, not theirs.
 */
export function pick(req: IncomingMessage, variants: Variants): Encoded {
  const accepted = req.headers['accept-encoding'];
  if (variants.br && acceptsCoding(accepted, 'br')) return variants.br;
  if (variants.gzip && acceptsCoding(accepted, 'gzip')) return variants.gzip;
  return variants.identity;
}

/**
 * Sends a built file in the encoding the browser accepts, with Vary so shared caches keep the
 * encodings apart, and 304 when the browser has this version already (pages are revalidated on
 * each visit, so a new build reaches everyone at once). The caller has set the status and type.
 * Plain Node objects, so the same answer goes out whether Express is in the path or not.
 */
export function sendVariant(
  req: IncomingMessage,
  res: ServerResponse,
  variants: Variants,
  { cacheControl, conditional }: { cacheControl: string; conditional: boolean },
): void {
  const variant = pick(req, variants);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', variant.etag);
  if (variant.encoding) res.setHeader('Content-Encoding', variant.encoding);
  if (conditional && isFresh(req, variant.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Length', variant.body.length);
  // Node sends no body for HEAD on its own.
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
