import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { clientDir } from '#server/buildOutput.ts';
import type { Config } from '#server/config.ts';
import { mustMoveToHttps, type TrustProxyFn } from '#server/platform/httpsRedirect.ts';
import type { ServedPages } from './sitePublisher';
import { ownPagePaths, PAGE_CACHE_CONTROL, PAGE_TYPE } from './pages';
import { REQUEST_ID_HEADER } from '#server/platform/requestIds.ts';
import { isFresh, loadVariants, pick, readOnFirstUse, type Variants } from '#server/platform/precompressed.ts';
import type { SecurityHeaderSets } from '#server/platform/securityHeaders.ts';

/** Hashed names change with their content, so browsers and caches may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What the build hashes into /assets (scripts and styles), with the types Express gives them. */
const assetTypes: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

type BuiltFile = { variants: Variants; type: string; cacheControl: string };

/** The hashed scripts and styles of the build, with their compressed copies (a few hundred KB). */
function loadAssets(): [string, BuiltFile][] {
  const assetsDir = path.join(clientDir, 'assets');
  if (!fs.existsSync(assetsDir)) return [];
  return fs.readdirSync(assetsDir).flatMap((name): [string, BuiltFile][] => {
    const type = assetTypes[path.extname(name)];
    return type
      ? [[`/assets/${name}`, { variants: loadVariants(path.join(assetsDir, name)), type, cacheControl: IMMUTABLE }]]
      : [];
  });
}

/** The hashed assets, read once: fixed for the life of the build. */
const builtAssets = readOnFirstUse(() => new Map(loadAssets()));

/** A page at its own address, once the pages of the published content are in place (until then Express waits for them). */
function pageAnswer(pages: ServedPages, path: string): BuiltFile | undefined {
  if (!pages.ready() || !ownPagePaths(pages.posts()).has(path)) return undefined;
  const variants = pages.current().get(path);
  return variants && { variants, type: PAGE_TYPE, cacheControl: PAGE_CACHE_CONTROL };
}

/** Answers the request if it is for a built file and says so; otherwise leaves it untouched for Express. */
export type BuiltFiles = (req: IncomingMessage, res: ServerResponse, requestId: string) => boolean;

/**
 * The busiest answers, sent by the HTTP server before Express sees the request: a GET or HEAD for
 * a page at its own address or for a hashed asset, from memory, in the encoding the browser
 * accepts (precompressed.ts), with the same headers as every other answer (the security headers
 * and the request's id). Express's own work per request (its request objects, the router, the
 * middleware before the pages) cost more than the answer itself: `npm run bench:serve`, decision
 * 0021. The headers go out in one writeHead, so Node checks and stores each once, not as setHeader
 * and again as the head. Anything else (other methods, redirects, 404s, public files, the API)
 * goes to Express as before.
 */
export function builtFiles(
  config: Config,
  trust: TrustProxyFn,
  securityHeaders: SecurityHeaderSets,
  pages: ServedPages,
): BuiltFiles {
  const mustMove = mustMoveToHttps(config);
  return (req, res, requestId) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    let file: BuiltFile | undefined;
    try {
      file = builtAssets().get(path) ?? pageAnswer(pages, path);
    } catch {
      // A build damaged after start-up: Express reads it again and answers 500 with a log line.
      return false;
    }
    if (!file || mustMove(req, trust)) return false;
    const variant = pick(req, file.variants);
    const headers = [
      REQUEST_ID_HEADER,
      requestId,
      ...securityHeaders(req),
      'Content-Type',
      file.type,
      'Vary',
      'Accept-Encoding',
      'Cache-Control',
      file.cacheControl,
      'ETag',
      variant.etag,
    ];
    if (variant.encoding) headers.push('Content-Encoding', variant.encoding);
    if (isFresh(req, variant.etag)) {
      res.writeHead(304, headers).end();
      return true;
    }
    headers.push('Content-Length', String(variant.body.length));
    // Node sends no body for HEAD on its own.
    res.writeHead(200, headers).end(variant.body);
    return true;
  };
}
