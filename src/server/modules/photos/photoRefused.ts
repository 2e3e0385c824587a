import { photoUploadMessages, type PhotoRefusal } from '#shared/content/photoUploads.ts';

/** An upload that is not taken, for a reason the office can act on; its message is theirs to read. */
export class PhotoRefused extends Error {
  override name = 'PhotoRefused';
  constructor(readonly reason: PhotoRefusal) {
    super(photoUploadMessages[reason]);
  }
}
