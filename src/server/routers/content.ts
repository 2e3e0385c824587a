import { TRPCError } from '@trpc/server';
import {
  changedParts,
  siteContentMessages,
  siteContentSchema,
  startingSiteContent,
  type SiteContent,
} from '../../shared/content/siteContent';
import {
  isPreviewable,
  previewBanner,
  previewMessages,
  previewPages,
  previewRequestSchema,
} from '../../shared/content/preview';
import { withFormerSlugs } from '../../shared/content/blogPosts';
import { z } from '../../shared/zod';
import type { SignedInAccount } from '../../shared/dashboard/staffAuth';
import { recordAudit, type AuditSource } from '../audit/recordAudit';
import type { Services } from '../services';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema';
import {
  addRevision,
  findRevision,
  latestRevision,
  listRevisions,
  readDraft,
  saveDraft,
  type ContentRevision,
} from '../storage/siteContent';
import { router, staffProcedureWith } from '../trpc';

/** Site content (issue 11): the Editor's and the Owner's. */
const contentProcedure = staffProcedureWith('content');

/**
 * The whole site content travels in one body to saveDraft and publish: the starting content alone
 * is over 32 KB (the limit of other calls), and the lists at their limits (a full team's
 * biographies, long posts) reach hundreds of KB.
 */
export const CONTENT_BODY_MAX_BYTES = 4 * 1024 * 1024;
export const contentBodyPaths: readonly string[] = ['/content.saveDraft', '/content.publish'];

/** How many earlier publishes the dashboard lists to restore from. */
const REVISIONS_SHOWN = 20;

async function publishedOrStarting(services: Services): Promise<SiteContent> {
  return (await latestRevision(services.storage.db))?.content ?? startingSiteContent();
}

type ContentContext = AuditSource & { services: Services; session: { account: SignedInAccount } };

/**
 * A new revision with this content and its entry in the audit trail, published all or nothing: the
 * pages are rendered and stored first, the revision committed next, and the pages swapped in last
 * (sitePublisher.publish). The first publish also records the content the site was built with, as
 * the first revision, so the office can always go back to it.
 */
async function publishRevision(ctx: ContentContext, given: SiteContent, restoredFrom?: number) {
  const { db } = ctx.services.storage;
  const { account } = ctx.session;
  try {
    const { committed, figures } = await ctx.services.sitePublisher.publish(async () => {
      const at = ctx.services.now().toISOString();
      const published = (await latestRevision(db))?.content ?? startingSiteContent();
      // A renamed post keeps its old address, which then leads to the new one (decision 0030).
      const content = { ...given, blogPosts: withFormerSlugs(published.blogPosts, given.blogPosts) };
      const changed = changedParts(published, content);
      if (changed.length === 0)
        throw new TRPCError({ code: 'BAD_REQUEST', message: siteContentMessages.nothingToPublish });
      const revision = {
        content,
        changed,
        at,
        accountId: account.id,
        actor: account.name,
        startingContent: startingSiteContent(),
        ...(restoredFrom ? { restoredFrom } : {}),
      };
      const audited = (trx: Kysely<Database>, { id }: ContentRevision) =>
        recordAudit(
          ctx,
          restoredFrom ? 'content-restored' : 'content-published',
          { revision: id, ...(restoredFrom ? { restoredFrom } : {}), changed: changed.join(', ') },
          trx,
        );
      // The content as published goes back: the dashboard's form takes it (a renamed post's earlier address, for one).
      return { content, commit: async () => ({ revision: await addRevision(db, revision, audited), content }) };
    });
    return { ...committed, ...figures };
  } catch (error) {
    if (error instanceof TRPCError) throw error;
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: await notPublished(ctx, given, restoredFrom),
      cause: error,
    });
  }
}

/** What the office is told when the site could not be updated; a publish's changes are kept as the draft when they can be. */
async function notPublished(
  ctx: ContentContext,
  given: SiteContent,
  restoredFrom: number | undefined,
): Promise<string> {
  if (restoredFrom) return siteContentMessages.notRestored;
  try {
    await saveDraft(ctx.services.storage.db, given, {
      at: ctx.services.now().toISOString(),
      accountId: ctx.session.account.id,
    });
    return siteContentMessages.notPublished;
  } catch {
    return siteContentMessages.notPublishedNorSaved;
  }
}

export const contentRouter = router({
  /** The draft being edited (the published content when there is none), whether it differs from what is live, and the pages it can be previewed on. */
  draft: contentProcedure.query(async ({ ctx }) => {
    const published = await publishedOrStarting(ctx.services);
    const draft = (await readDraft(ctx.services.storage.db))?.content ?? published;
    return {
      draft,
      published,
      unpublished: changedParts(published, draft),
      previewPages: previewPages(draft.blogPosts),
    };
  }),

  saveDraft: contentProcedure.input(siteContentSchema).mutation(async ({ ctx, input }) => {
    await saveDraft(ctx.services.storage.db, input, {
      at: ctx.services.now().toISOString(),
      accountId: ctx.session.account.id,
    });
    return { unpublished: changedParts(await publishedOrStarting(ctx.services), input) };
  }),

  /**
   * Publishes the content given (the form as it stands), which also becomes the draft: a new
   * revision, then every page rendered again and swapped in before the answer comes back.
   */
  publish: contentProcedure.input(siteContentSchema).mutation(({ ctx, input }) => publishRevision(ctx, input)),

  revisions: contentProcedure.query(({ ctx }) => listRevisions(ctx.services.storage.db, REVISIONS_SHOWN)),

  /** Brings an earlier revision's content back as a new revision (the history keeps every step), published at once. */
  restore: contentProcedure
    .input(z.object({ revisionId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      const earlier = await findRevision(ctx.services.storage.db, input.revisionId);
      if (!earlier) throw new TRPCError({ code: 'NOT_FOUND', message: siteContentMessages.revisionMissing });
      return publishRevision(ctx, earlier.content, earlier.revision.id);
    }),

  /** A page as it would look with the draft, for staff only; never stored, never cached. */
  preview: contentProcedure.input(previewRequestSchema).query(async ({ ctx, input }) => {
    if (!ctx.services.sitePublisher.canRender())
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: siteContentMessages.notBuilt });
    const saved = await readDraft(ctx.services.storage.db);
    const draft = saved?.content ?? (await publishedOrStarting(ctx.services));
    if (!isPreviewable(input.path, draft.blogPosts))
      throw new TRPCError({ code: 'BAD_REQUEST', message: previewMessages.pageMissing });
    return {
      html: await ctx.services.sitePublisher.renderDocument(input.path, {
        content: draft,
        preview: { banner: previewBanner(saved?.updatedAt) },
      }),
    };
  }),
});
