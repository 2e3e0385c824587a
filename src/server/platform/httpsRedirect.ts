import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { Config } from '#server/config.ts';

/** Express's compiled `trust proxy` setting (`app.get('trust proxy fn')`): may the address at this hop name the visitor's? */
export type TrustProxyFn = (address: string | undefined, hop: number) => boolean;

/**
 * With an https PUBLIC_URL, a visitor whom the trusted proxy reports as arriving over plain http
 * (X-Forwarded-Proto: http) is to be sent to the same path on the PUBLIC_URL origin. Without a
 * trusted proxy the header is anyone's to send, and a request without it did not come through the
 * proxy (a check on the machine itself): both are served as they are. The protocol is read as
 * Express reads `req.protocol`; written on plain Node objects because built files are sent before
 * Express sees the request (builtFiles.ts), and must be held back exactly when this says so.
 */
export function mustMoveToHttps(config: Config): (req: IncomingMessage, trust: TrustProxyFn) => boolean {
  const active =
    new URL(config.publicUrl).protocol === 'https:' && config.trustProxy !== false && config.trustProxy !== 0;
  return (req, trust) => {
    const forwarded = req.headers['x-forwarded-proto'];
    if (!active || forwarded === undefined) return false;
    const own = 'encrypted' in req.socket && req.socket.encrypted === true ? 'https' : 'http';
    const protocol = trust(req.socket.remoteAddress, 0) ? (String(forwarded || own).split(',')[0] ?? '').trim() : own;
    return protocol === 'http';
  };
}

/**
 * The redirect itself: 301 for GET and HEAD, 308 for the rest so a form post is repeated, not
 * turned into a GET. The origin comes from PUBLIC_URL, never from the request, and the path is
 * appended to it, so the target cannot name another host.
 */
export function httpsRedirect(config: Config): RequestHandler {
  const origin = new URL(config.publicUrl).origin;
  const mustMove = mustMoveToHttps(config);
  return (req: Request, res, next) => {
    if (!mustMove(req, req.app.get('trust proxy fn') as TrustProxyFn)) return next();
    const status = req.method === 'GET' || req.method === 'HEAD' ? 301 : 308;
    res.redirect(status, `${origin}${req.originalUrl}`);
  };
}
