import cookieParser from 'cookie-parser';
import express, { type Request, type RequestHandler } from 'express';
import { PHOTO_FILE_NAME, photoFileType, photosDir } from './photoFiles';

/**
 * A copy on the site: caches (a CDN, a proxy, a parent's browser) keep it an hour at most, then ask
 * again with its ETag (304 while it is still shown) and must not use it without asking: a photo the
 * office takes off the site is gone from them within the hour (decision 0029). Not `immutable`,
 * though its bytes never change: what changes is whether it may be shown.
 */
const PUBLISHED = 'public, max-age=3600, must-revalidate';
/** A photo not on the site, sent to staff (the dashboard, a preview): never kept by a shared cache. */
const STAFF_ONLY = 'private, no-cache';

const notFound: RequestHandler = (_req, res) => {
  res.status(404).type('text/plain').send('Not found');
};

export type PhotoAccess = {
  /** Whether the published pages show this photo. */
  shown(photoId: string): boolean;
  /** Whether the request comes from a signed-in person who edits the site content. */
  fromEditor(req: Request): Promise<boolean>;
};

/**
 * The processed copies of uploaded photos, from DATA_DIR/photos (mounted at PHOTO_PATH_PREFIX),
 * with an ETag and Last-Modified. Only a name a copy can have is looked up (no other file, no
 * folder, no `..`); anything else, or a copy that does not exist, is a plain 404. Children's
 * photos are personal data: a photo the published pages do not show (removed from the site, or
 * in a draft) is sent to the Editor and the Owner only, so taking one off the site takes it off
 * the web, whoever kept its address.
 */
export function photoFiles(dataDir: string, access: PhotoAccess): RequestHandler {
  const serve = (cacheControl: string) =>
    express.static(photosDir(dataDir), {
      index: false,
      redirect: false,
      dotfiles: 'deny',
      fallthrough: true,
      setHeaders(res, file) {
        res.setHeader('Cache-Control', cacheControl);
        const type = photoFileType(file);
        if (type) res.setHeader('Content-Type', type);
      },
    });
  const publicCopies = serve(PUBLISHED);
  const staffCopies = serve(STAFF_ONLY);
  const cookies = cookieParser();
  return (req, res, next) => {
    const name = req.path.slice(1);
    if (!PHOTO_FILE_NAME.test(name)) return notFound(req, res, next);
    if (access.shown(name.slice(0, name.indexOf('-')))) return publicCopies(req, res, () => notFound(req, res, next));
    cookies(req, res, () => {
      access
        .fromEditor(req)
        .then(
          (editor) => (editor ? staffCopies(req, res, () => notFound(req, res, next)) : notFound(req, res, next)),
          next,
        );
    });
  };
}
