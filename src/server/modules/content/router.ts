import { siteContentSchema } from '#shared/content/siteContent.ts';
import { previewRequestSchema } from '#shared/content/preview.ts';
import { z } from '#shared/zod.ts';
import { router, staffProcedureWith } from '#server/trpc.ts';

/** Site content (issue 11): the Editor's and the Owner's. */
const contentProcedure = staffProcedureWith('content');

/**
 * The whole site content travels in one body to saveDraft and publish: the starting content alone
 * is over 32 KB (the limit of other calls), and the lists at their limits (a full team's
 * biographies, long posts) reach hundreds of KB.
 */
export const CONTENT_BODY_MAX_BYTES = 4 * 1024 * 1024;
export const contentBodyPaths: readonly string[] = ['/content.saveDraft', '/content.publish'];

export const contentRouter = router({
  /** The draft being edited, whether it differs from what is live, and the pages it can be previewed on. */
  draft: contentProcedure.query(({ ctx }) => ctx.services.content.draft()),

  saveDraft: contentProcedure
    .input(siteContentSchema)
    .mutation(({ ctx, input }) => ctx.services.content.saveDraft(ctx.scope, input)),

  /** Publishes the form as it stands: a new revision, every page rendered again and swapped in before the answer. */
  publish: contentProcedure
    .input(siteContentSchema)
    .mutation(({ ctx, input }) => ctx.services.content.publish(ctx.scope, input)),

  revisions: contentProcedure.query(({ ctx }) => ctx.services.content.revisions()),

  /** An earlier revision's content back as a new revision, published at once. */
  restore: contentProcedure
    .input(z.object({ revisionId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => ctx.services.content.restore(ctx.scope, input.revisionId)),

  /** A page as it would look with the draft, for staff only; never stored, never cached. */
  preview: contentProcedure
    .input(previewRequestSchema)
    .query(({ ctx, input }) => ctx.services.content.preview(input.path)),
});
