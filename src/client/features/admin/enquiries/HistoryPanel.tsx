import { useQuery } from '@tanstack/react-query';
import { describeChange, formatDashboardDate } from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';
import type { EnquiryView } from '#client/features/admin/common/enquiryView.ts';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';

/** The row's recorded changes, oldest first, read-only (the server never edits them). */
export function HistoryPanel({ view, headingLevel }: { view: EnquiryView; headingLevel: 3 | 4 }) {
  const HistoryHeading = headingLevel === 3 ? 'h3' : 'h4';
  const trpc = useTRPC();
  const history = useQuery(trpc.dashboard.history.queryOptions({ kind: view.kind, id: view.id }));
  return (
    <div className="history">
      <HistoryHeading className="history__title">History</HistoryHeading>
      {history.isPending ? (
        <p className="history__note">Loading history...</p>
      ) : history.isError ? (
        <LoadFailed
          message="The history could not be loaded. Please try again."
          onRetry={() => void history.refetch()}
        />
      ) : history.data.length === 0 ? (
        <p className="history__note">No changes yet.</p>
      ) : (
        <ol className="history__list">
          {history.data.map((entry) => (
            <li key={`${entry.field}-${entry.id}`} className="history__entry">
              <time dateTime={entry.changedAt} className="history__when">
                {formatDashboardDate(entry.changedAt)}
              </time>
              <span className="history__what">
                {describeChange(entry)}
                {entry.changedBy ? <span className="history__who"> by {entry.changedBy}</span> : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
