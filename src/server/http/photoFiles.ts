import express, { type RequestHandler } from 'express';
import { PHOTO_FILE_NAME, photoFileType, photosDir } from '../photos/photoFiles';

/** A copy's name is the hash of its upload with its width and format: it never changes, so it is cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').send('Not found');
};

/**
 * The processed copies of uploaded photos, from DATA_DIR/photos (mounted at PHOTO_PATH_PREFIX),
 * with an ETag and Last-Modified. Only a name a copy can have is looked up (no other file, no
 * folder, no `..`); anything else, or a copy that does not exist, is a plain 404.
 */
export function photoFiles(dataDir: string): RequestHandler {
  const copies = express.static(photosDir(dataDir), {
    index: false,
    redirect: false,
    dotfiles: 'deny',
    fallthrough: true,
    setHeaders(res, file) {
      res.setHeader('Cache-Control', IMMUTABLE);
      const type = photoFileType(file);
      if (type) res.setHeader('Content-Type', type);
    },
  });
  return (req, res, next) => {
    if (!PHOTO_FILE_NAME.test(req.path.slice(1))) return notFound(req, res, next);
    copies(req, res, () => notFound(req, res, next));
  };
}
