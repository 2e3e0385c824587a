import type { RequestHandler } from 'express';

/** Every method the site answers: pages and files (GET, HEAD), forms and the API (POST). */
const allowedMethods = ['GET', 'HEAD', 'POST'] as const;
const allowHeader = allowedMethods.join(', ');
const refusal = 'This address answers only GET, HEAD and POST requests.';

/** Any other method (TRACE, PUT, OPTIONS, WebDAV's…) is a 405 naming the methods that work, before it reaches a handler. */
export function onlyAllowedMethods(): RequestHandler {
  const allowed = new Set<string>(allowedMethods);
  return (req, res, next) => {
    if (allowed.has(req.method)) return next();
    res.status(405).setHeader('Allow', allowHeader);
    res.type('text/plain').send(refusal);
  };
}
