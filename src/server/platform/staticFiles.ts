import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { clientDir } from '#server/buildOutput.ts';

const ONE_DAY_SECONDS = 86400;

/**
 * Public files from the build (images, favicon) from disk, cached for a day, since their names do
 * not change with their content. Hashed assets are sent from memory before Express (builtFiles.ts).
 */
export function staticFiles(): RequestHandler {
  const publicFiles = express.static(clientDir, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    setHeaders(res) {
      res.setHeader('Cache-Control', `public, max-age=${ONE_DAY_SECONDS}`);
    },
  });
  // Files have an extension and pages none: a page request never waits for a look on disk.
  return (req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next());
}
