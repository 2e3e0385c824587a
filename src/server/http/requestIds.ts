import { randomBytes } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import { runInRequest } from '../log';
import type { TrustProxyFn } from './httpsRedirect';

/** The header that names a request: sent back on every answer, and in each log record about it. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a proxy's id may look like to be kept: short, and nothing a log reader could misread. */
const acceptableId = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The proxy's id when the request came through a trusted proxy (TRUST_PROXY) that sent a plain
 * one, so its log and ours can be matched; otherwise a new one. Anyone else's header is ignored:
 * a visitor must not be able to make their lines look like another request's.
 */
export function requestIdOf(req: IncomingMessage, trust: TrustProxyFn): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && acceptableId.test(given) && trust(req.socket.remoteAddress, 0)) return given;
  return randomBytes(6).toString('hex');
}

/** Gives each request its id (the answer's X-Request-Id header) and handles it with that id in every log record. */
export function withRequestIds(listener: RequestListener, trust: TrustProxyFn): RequestListener {
  return (req, res) => {
    const requestId = requestIdOf(req, trust);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    runInRequest(requestId, res, () => listener(req, res));
  };
}
