import express, { type RequestHandler } from 'express';
import { clientDir } from '../buildOutput';

const ONE_YEAR_SECONDS = 31536000;
const ONE_DAY_SECONDS = 86400;

/**
 * Files from the build: hashed assets under /assets are cached for a year as immutable;
 * other public files (images, favicon) for a day, since their names do not change with content.
 */
export function staticFiles(): RequestHandler {
  return express.static(clientDir, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${clientDir}/assets/`);
      res.setHeader(
        'Cache-Control',
        hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : `public, max-age=${ONE_DAY_SECONDS}`,
      );
    },
  });
}
