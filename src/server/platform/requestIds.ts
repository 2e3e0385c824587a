import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { TrustProxy } from '#server/config.ts';
import { runInRequest } from '#server/log.ts';
import type { TrustProxyFn } from './httpsRedirect';

/** The header that names a request: sent back on every answer, and in each log record about it. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a proxy's id may look like to be kept: short, and nothing a log reader could misread. */
const acceptableId = /^[A-Za-z0-9._:-]{1,64}$/;

const ID_BYTES = 6;
/** Random bytes drawn in blocks: a call into OpenSSL per request cost more than the rest of a page's headers. */
const pool = Buffer.alloc(ID_BYTES * 1024);
let used = pool.length;

function newRequestId(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += ID_BYTES;
  return pool.toString('hex', used - ID_BYTES, used);
}

/**
 * Whether a request's X-Request-Id may be kept: only from a proxy TRUST_PROXY names by address
 * (or loopback, linklocal, uniquelocal). A hop count or `true` trusts whoever connects, so it
 * never says the header came from the proxy.
 */
export function requestIdTrust(trustProxy: TrustProxy, trust: TrustProxyFn): (req: IncomingMessage) => boolean {
  return Array.isArray(trustProxy) ? (req) => trust(req.socket.remoteAddress, 0) : () => false;
}

/**
 * The proxy's id when the request came through a proxy named in TRUST_PROXY that sent a plain
 * one, so its log and ours can be matched; otherwise a new one. Anyone else's header is ignored:
 * a visitor must not be able to make their lines look like another request's.
 */
export function requestIdOf(req: IncomingMessage, fromNamedProxy: (req: IncomingMessage) => boolean): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && acceptableId.test(given) && fromNamedProxy(req)) return given;
  return newRequestId();
}

/**
 * Answers a request that needs no log scope (a built file from memory: nothing about it is
 * logged), with the id as its X-Request-Id, and says whether it did.
 */
export type AnswerFirst = (req: IncomingMessage, res: ServerResponse, requestId: string) => boolean;

/**
 * Gives each request its id (the answer's X-Request-Id header) and handles it with that id in every
 * log record. `first` may answer before the log scope is set up, which costs more than its answer.
 */
export function withRequestIds(
  listener: RequestListener,
  fromNamedProxy: (req: IncomingMessage) => boolean,
  first: AnswerFirst,
): RequestListener {
  return (req, res) => {
    const requestId = requestIdOf(req, fromNamedProxy);
    if (first(req, res, requestId)) return;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    runInRequest(requestId, res, () => listener(req, res));
  };
}
