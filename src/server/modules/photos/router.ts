import { TRPCError } from '@trpc/server';
import { octetInputParser } from '@trpc/server/http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { PHOTO_MAX_BYTES, type PhotoRefusal } from '#shared/content/photoUploads.ts';
import { PhotoRefused } from './photoRefused';
import { readUpload, UploadTooLarge } from '#server/platform/readUpload.ts';
import { router, staffProcedureWith } from '#server/trpc.ts';

/** Photos are site content: the Editor's and the Owner's. */
const photoProcedure = staffProcedureWith('content');

const refusalCodes: Record<PhotoRefusal, TRPC_ERROR_CODE_KEY> = {
  notAPhoto: 'UNSUPPORTED_MEDIA_TYPE',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  tooManyPixels: 'UNPROCESSABLE_CONTENT',
  unreadable: 'UNPROCESSABLE_CONTENT',
};

export const photosRouter = router({
  /**
   * A photo's file as the body (application/octet-stream): checked by its bytes, made into copies
   * (upright, without EXIF, at each width in AVIF, WebP and JPEG), recorded. Answers its id and
   * upright size, what a photo field of the site content holds with its alt text.
   */
  upload: photoProcedure
    .meta({ fileInput: true })
    .input(octetInputParser)
    .mutation(async ({ ctx, input }) => {
      try {
        // A declared size over the limit is refused before a byte of the body is read.
        if (Number(ctx.req.get('content-length') ?? 0) > PHOTO_MAX_BYTES) throw new PhotoRefused('tooLarge');
        const bytes = await readUpload(input, PHOTO_MAX_BYTES);
        const { photoId, width, height } = await ctx.services.photos.add(ctx.scope, bytes);
        return { photoId, width, height };
      } catch (caught) {
        const error = caught instanceof UploadTooLarge ? new PhotoRefused('tooLarge') : caught;
        if (error instanceof PhotoRefused)
          throw new TRPCError({ code: refusalCodes[error.reason], message: error.message });
        throw error;
      }
    }),
});
