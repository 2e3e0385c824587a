import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SPAM_RETENTION_DAYS, spamReasonLabels, type SpamEntry } from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { Pagination } from '#client/features/admin/common/Pagination.tsx';
import { kindTexts, viewOfKinded } from '#client/features/admin/common/enquiryView.ts';
import { EnquiryCard } from './EnquiryCard';
import './enquiries.css';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';

const LOAD_FAILED = 'Failed to load the Spam folder. Please try again.';
const MOVE_FAILED = 'Failed to move the enquiry out of the Spam folder';

const entryKey = (entry: SpamEntry) => `${entry.kind}-${entry.row.id}`;

/** One suspicious enquiry: everything the office needs to judge it, why it is here, and "Not spam". */
function SpamCard({ entry, moving, onNotSpam }: { entry: SpamEntry; moving: boolean; onNotSpam: () => void }) {
  const view = viewOfKinded(entry);
  return (
    <EnquiryCard view={view} where={kindTexts[view.kind].tabLabel}>
      <div className="spam-entry__reasons">
        <p className="row-details__label">Why it is here</p>
        <ul>
          {entry.reasons.map((reason) => (
            <li key={reason}>{spamReasonLabels[reason]}</li>
          ))}
        </ul>
      </div>
      {/* aria-disabled rather than disabled: focus stays on the button while it works. */}
      <button
        type="button"
        className="button button--outline admin-small-button spam-entry__not-spam"
        aria-label={`Not spam: ${view.name}`}
        aria-disabled={moving}
        onClick={() => {
          if (!moving) onNotSpam();
        }}
      >
        {moving ? 'Moving...' : 'Not spam'}
      </button>
    </EnquiryCard>
  );
}

/**
 * The Spam tab: enquiries that looked automated, newest first, kept for 30 days without emails.
 * "Not spam" moves one to its tab and sends its emails then.
 */
export function SpamPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const listRef = useRef<HTMLUListElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const spam = useQuery(trpc.dashboard.spam.queryOptions({ page }, { placeholderData: keepPreviousData }));

  // Moving the last card of the last page leaves that page empty: show the page before.
  const pageCount = spam.data?.pageCount;
  useEffect(() => {
    if (pageCount !== undefined && page > pageCount) setPage(pageCount);
  }, [page, pageCount]);

  const notSpam = useMutation(
    trpc.dashboard.notSpam.mutationOptions({
      onSuccess: async (moved) => {
        await queryClient.invalidateQueries(trpc.dashboard.pathFilter());
        toast({
          title: `Moved to ${kindTexts[moved.kind].tabLabel}`,
          description:
            moved.mailsQueued > 0 ? 'The emails to the office and to the sender are on their way.' : undefined,
        });
      },
      onError: async (error: unknown) => {
        await queryClient.invalidateQueries(trpc.dashboard.pathFilter());
        if (!isUnauthorized(error))
          toast({
            title: MOVE_FAILED,
            description: error instanceof Error ? error.message : undefined,
            variant: 'destructive',
          });
      },
    }),
  );

  // Once the moved card has left the list, focus goes to the button that took its place, else to the summary.
  const moved = useRef<{ key: string; index: number } | undefined>(undefined);
  useEffect(() => {
    const target = moved.current;
    if (!target || !spam.data || spam.data.entries.some((entry) => entryKey(entry) === target.key)) return;
    moved.current = undefined;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('.spam-entry__not-spam') ?? [];
    (buttons[target.index] ?? buttons[target.index - 1] ?? summaryRef.current)?.focus();
  }, [spam.data]);

  function moveOut(entry: SpamEntry, index: number) {
    moved.current = { key: entryKey(entry), index };
    notSpam.mutate(
      { kind: entry.kind, id: entry.row.id },
      {
        onError: () => {
          moved.current = undefined;
        },
      },
    );
  }

  const moving = notSpam.isPending ? notSpam.variables : undefined;
  return (
    <div className="enquiries spam">
      <p className="panel-intro">
        Enquiries that looked automated are kept here for {SPAM_RETENTION_DAYS} days and then deleted. No email was sent
        for them. If one is from a real person, choose Not spam: it moves to its tab and the emails go out then.
      </p>
      <p className="enquiries__summary" role="status" ref={summaryRef} tabIndex={-1}>
        {spam.data &&
          (spam.data.total === 1 ? '1 enquiry in the Spam folder' : `${spam.data.total} enquiries in the Spam folder`)}
      </p>
      {spam.isPending ? (
        <p className="enquiries__state" role="status">
          Loading the Spam folder...
        </p>
      ) : spam.isError && !spam.data ? (
        <LoadFailed message={LOAD_FAILED} onRetry={() => void spam.refetch()} />
      ) : spam.data.total === 0 ? (
        <div className="enquiries__state" role="status">
          <p>The Spam folder is empty.</p>
        </div>
      ) : (
        <>
          <ul
            className={`spam__entries${spam.isFetching ? ' is-busy' : ''}`}
            aria-label="Spam"
            aria-busy={spam.isFetching}
            ref={listRef}
          >
            {spam.data.entries.map((entry, index) => (
              <SpamCard
                key={entryKey(entry)}
                entry={entry}
                moving={moving?.kind === entry.kind && moving.id === entry.row.id}
                onNotSpam={() => moveOut(entry, index)}
              />
            ))}
          </ul>
          <Pagination page={spam.data.page} pageCount={spam.data.pageCount} noun="spam" onPage={setPage} />
        </>
      )}
    </div>
  );
}
