import { useQuery } from '@tanstack/react-query';
import { formatDashboardDate } from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';
import { retentionText } from './retentionText';
import './enquiries.css';

/**
 * When the daily retention purge next runs and what it will take (issue 10, section 3), so the
 * office is never surprised by an enquiry that has gone. Shows nothing until it has loaded.
 */
export function RetentionNotice() {
  const trpc = useTRPC();
  const retention = useQuery(trpc.privacy.retention.queryOptions());
  if (!retention.data) return null;
  return (
    <p className="retention-notice">
      <strong>Next purge:</strong>{' '}
      <time dateTime={retention.data.nextPurgeAt}>{formatDashboardDate(retention.data.nextPurgeAt)}</time>.{' '}
      {retentionText(retention.data)}
    </p>
  );
}
