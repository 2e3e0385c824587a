import type { RequestHandler } from 'express';
import type { Config } from '../config';

/**
 * With an https PUBLIC_URL, a visitor whom the trusted proxy reports as arriving over plain http
 * (X-Forwarded-Proto: http) is sent to the same path on the PUBLIC_URL origin: 301 for GET and
 * HEAD, 308 for the rest so a form post is repeated, not turned into a GET. The origin comes from
 * PUBLIC_URL, never from the request, and the path is appended to it, so the target cannot name
 * another host. Without a trusted proxy the header is anyone's to send, and a request without it
 * did not come through the proxy (a check on the machine itself): both are served as they are.
 */
export function httpsRedirect(config: Config): RequestHandler {
  const publicUrl = new URL(config.publicUrl);
  const active = publicUrl.protocol === 'https:' && config.trustProxy !== false && config.trustProxy !== 0;
  return (req, res, next) => {
    if (!active || req.protocol !== 'http' || req.get('x-forwarded-proto') === undefined) return next();
    const status = req.method === 'GET' || req.method === 'HEAD' ? 301 : 308;
    res.redirect(status, `${publicUrl.origin}${req.originalUrl}`);
  };
}
