import type { Request, RequestHandler } from 'express';
import type { Config } from '../config';

export type MutationRejection = { status: 403 | 415; message: string };

export const crossSiteMessage = 'Cross-site requests are not allowed.';
export const jsonOnlyMessage = 'Send the request as JSON (Content-Type: application/json).';

function ownOrigins(req: Request, config: Config): string[] {
  const host = req.get('host');
  return [new URL(config.publicUrl).origin, ...(host ? [`${req.protocol}://${host}`] : [])];
}

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return req.get('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
}

/**
 * Why a state-changing request must be refused, if it must. Browsers mark every request with
 * Sec-Fetch-Site and send Origin on POST, so a page on another site cannot pass; tools without
 * a browser (curl, scripts) send neither and still need the session cookie. A body must be JSON:
 * HTML forms can only send form encodings or text/plain, and those never reach a procedure.
 */
export function mutationRejection(req: Request, config: Config): MutationRejection | undefined {
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return { status: 403, message: crossSiteMessage };
  const origin = req.get('origin');
  if (origin !== undefined && !ownOrigins(req, config).includes(origin)) return { status: 403, message: crossSiteMessage };
  const contentType = req.get('content-type');
  const isJson = contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType);
  if (contentType === undefined ? hasBody(req) : !isJson) return { status: 415, message: jsonOnlyMessage };
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
