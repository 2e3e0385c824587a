import type { Request, RequestHandler } from 'express';
import type { Config } from '#server/config.ts';

export type MutationRejection = { status: 403 | 415; message: string };

const crossSiteMessage = 'Cross-site requests are not allowed.';
const bodyTypes = {
  json: {
    pattern: /^application\/json\s*(;|$)/i,
    message: 'Send the request as JSON (Content-Type: application/json).',
  },
  // An upload's body is the file itself. Like JSON, no HTML form can send this type, and a script of another site cannot without CORS.
  file: {
    pattern: /^application\/octet-stream\s*(;|$)/i,
    message: 'Send the file itself (Content-Type: application/octet-stream).',
  },
} as const;

/** What a mutation's body is: JSON, or (an upload) a file's bytes. */
export type MutationBody = keyof typeof bodyTypes;

function ownOrigins(req: Request, config: Config): string[] {
  const host = req.get('host');
  return [new URL(config.publicUrl).origin, ...(host ? [`${req.protocol}://${host}`] : [])];
}

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return req.get('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
}

/**
 * A refusal when another site sent the request. Current browsers mark every request with
 * Sec-Fetch-Site, which pages cannot forge: only 'same-origin' (or 'none', typed by the user)
 * passes. Older browsers send only Origin on POST, which must be the site's own (PUBLIC_URL or
 * the Host asked for). Tools without a browser (curl, scripts) send neither.
 */
export function crossSiteRejection(req: Request, config: Config): MutationRejection | undefined {
  const fetchSite = req.get('sec-fetch-site');
  const origin = req.get('origin');
  const crossSite =
    fetchSite !== undefined
      ? fetchSite !== 'same-origin' && fetchSite !== 'none'
      : origin !== undefined && !ownOrigins(req, config).includes(origin);
  return crossSite ? { status: 403, message: crossSiteMessage } : undefined;
}

/**
 * Why a state-changing request must be refused, if it must: sent by another site (above; tools
 * without a browser still need the session cookie), or a body that is not JSON (or, for an
 * upload, application/octet-stream): HTML forms can only send form encodings or text/plain, and
 * those never reach a procedure.
 */
export function mutationRejection(
  req: Request,
  config: Config,
  body: MutationBody = 'json',
): MutationRejection | undefined {
  const crossSite = crossSiteRejection(req, config);
  if (crossSite) return crossSite;
  const contentType = req.get('content-type');
  const expected = bodyTypes[body];
  const isExpected = contentType !== undefined && expected.pattern.test(contentType);
  if (contentType === undefined ? hasBody(req) : !isExpected) return { status: 415, message: expected.message };
  return undefined;
}

/** Express guard for the /api/admin mutations: anything but GET and HEAD passes the check above. */
export function sameOriginJsonMutations(config: Config): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const rejection = mutationRejection(req, config);
    if (rejection) {
      res.status(rejection.status).json({ message: rejection.message });
      return;
    }
    next();
  };
}
