import fs from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { clientDir } from '../buildOutput';
import { loadVariants, readOnFirstUse, sendVariant, type Variants } from './precompressed';

const ONE_YEAR_SECONDS = 31536000;
const ONE_DAY_SECONDS = 86400;
const IMMUTABLE = `public, max-age=${ONE_YEAR_SECONDS}, immutable`;

/** The hashed scripts and styles of the build, with their compressed copies (a few hundred KB), read once. */
function loadAssets(): Map<string, Variants> {
  const assetsDir = path.join(clientDir, 'assets');
  const assets = new Map<string, Variants>();
  if (!fs.existsSync(assetsDir)) return assets;
  for (const name of fs.readdirSync(assetsDir)) {
    if (/\.(br|gz)$/.test(name) || !fs.statSync(path.join(assetsDir, name)).isFile()) continue;
    assets.set(`/assets/${name}`, loadVariants(path.join(assetsDir, name)));
  }
  return assets;
}

/**
 * Files from the build: hashed assets under /assets from memory, in the encoding the browser
 * accepts, cached for a year as immutable (their names change with their content); other public
 * files (images, favicon) from disk, cached for a day, since their names do not change.
 */
export function staticFiles(): RequestHandler {
  const assets = readOnFirstUse(loadAssets);
  const publicFiles = express.static(clientDir, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    setHeaders(res) {
      res.setHeader('Cache-Control', `public, max-age=${ONE_DAY_SECONDS}`);
    },
  });
  return (req, res, next) => {
    const asset = req.method === 'GET' || req.method === 'HEAD' ? assets().get(req.path) : undefined;
    // Files have an extension and pages none: a page request never waits for a look on disk.
    if (!asset) return path.extname(req.path) ? publicFiles(req, res, next) : next();
    res.type(path.extname(req.path));
    sendVariant(req, res, asset, { cacheControl: IMMUTABLE, conditional: true });
  };
}
