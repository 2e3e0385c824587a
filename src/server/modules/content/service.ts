import { TRPCError } from '@trpc/server';
import {
  changedParts,
  siteContentMessages,
  startingSiteContent,
  type SiteContent,
} from '#shared/content/siteContent.ts';
import { isPreviewable, previewBanner, previewMessages, previewPages } from '#shared/content/preview.ts';
import { withFormerSlugs } from '#shared/content/blogPosts.ts';
import { auditEvent } from '#server/modules/audit/service.ts';
import type { StaffScope } from '#server/requestScope.ts';
import type { SitePublisher } from './sitePublisher';
import type { ContentRepository } from './repository';

export type { SitePublisher } from './sitePublisher';

/** How many earlier publishes the dashboard lists to restore from. */
const REVISIONS_SHOWN = 20;

/**
 * The site content (issue 11): the draft, the revisions, previews, and publishing, whose steps
 * run here in order (decision 0028): read what is published, render and store the new pages,
 * commit the revision with its audit entry in one transaction, and only then serve the pages.
 */

export function createContentService({
  repository,
  publisher,
}: {
  repository: ContentRepository;
  publisher: SitePublisher;
}) {
  const publishedOrStarting = async (): Promise<SiteContent> =>
    (await repository.latestRevision())?.content ?? startingSiteContent();

  /** What the office is told when the site could not be updated; a publish's changes are kept as the draft when they can be. */
  async function notPublished(scope: StaffScope, given: SiteContent, restoredFrom: number | undefined) {
    if (restoredFrom) return siteContentMessages.notRestored;
    try {
      await repository.saveDraft(given, { at: scope.at.toISOString(), accountId: scope.asker.account.id });
      return siteContentMessages.notPublished;
    } catch {
      return siteContentMessages.notPublishedNorSaved;
    }
  }

  /**
   * A new revision with this content, published all or nothing, in turn with every other publish.
   * The first publish also records the content the site was built with, as the first revision, so
   * the office can always go back to it.
   */
  async function publishRevision(scope: StaffScope, given: SiteContent, restoredFrom?: number) {
    const { account } = scope.asker;
    try {
      return await publisher.inTurn(async () => {
        const at = scope.at.toISOString();
        const published = await publishedOrStarting();
        // A renamed post keeps its old address, which then leads to the new one (decision 0030).
        const content = { ...given, blogPosts: withFormerSlugs(published.blogPosts, given.blogPosts) };
        const changed = changedParts(published, content);
        if (changed.length === 0)
          throw new TRPCError({ code: 'BAD_REQUEST', message: siteContentMessages.nothingToPublish });
        const staged = await publisher.stage(content);
        const revision = await repository.addRevision(
          {
            content,
            changed,
            at,
            accountId: account.id,
            actor: account.name,
            startingContent: startingSiteContent(),
            ...(restoredFrom ? { restoredFrom } : {}),
          },
          auditEvent(scope, restoredFrom ? 'content-restored' : 'content-published', {
            ...(restoredFrom ? { restoredFrom } : {}),
            changed: changed.join(', '),
          }),
        );
        // The content as published goes back: the dashboard's form takes it (a renamed post's earlier address, for one).
        return { revision, content, ...publisher.swapIn(staged) };
      });
    } catch (error) {
      if (error instanceof TRPCError) throw error;
      throw new TRPCError({
        code: 'SERVICE_UNAVAILABLE',
        message: await notPublished(scope, given, restoredFrom),
        cause: error,
      });
    }
  }

  return {
    /** The draft being edited (the published content when there is none), whether it differs from what is live, and the pages it can be previewed on. */
    async draft() {
      const published = await publishedOrStarting();
      const draft = (await repository.readDraft())?.content ?? published;
      return {
        draft,
        published,
        unpublished: changedParts(published, draft),
        previewPages: previewPages(draft.blogPosts),
      };
    },

    async saveDraft(scope: StaffScope, content: SiteContent) {
      await repository.saveDraft(content, { at: scope.at.toISOString(), accountId: scope.asker.account.id });
      return { unpublished: changedParts(await publishedOrStarting(), content) };
    },

    /** Publishes the content given (the form as it stands), which also becomes the draft; every page is rendered again and swapped in before the answer. */
    publish: (scope: StaffScope, content: SiteContent) => publishRevision(scope, content),

    revisions: () => repository.listRevisions(REVISIONS_SHOWN),

    /** Brings an earlier revision's content back as a new revision (the history keeps every step), published at once. */
    async restore(scope: StaffScope, revisionId: number) {
      const earlier = await repository.findRevision(revisionId);
      if (!earlier) throw new TRPCError({ code: 'NOT_FOUND', message: siteContentMessages.revisionMissing });
      return publishRevision(scope, earlier.content, earlier.revision.id);
    },

    /** A page as it would look with the draft, for staff only; never stored, never cached. */
    async preview(path: string) {
      if (!publisher.canRender())
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: siteContentMessages.notBuilt });
      const saved = await repository.readDraft();
      const draft = saved?.content ?? (await publishedOrStarting());
      if (!isPreviewable(path, draft.blogPosts))
        throw new TRPCError({ code: 'BAD_REQUEST', message: previewMessages.pageMissing });
      return {
        html: await publisher.renderDocument(path, {
          content: draft,
          preview: { banner: previewBanner(saved?.updatedAt) },
        }),
      };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
