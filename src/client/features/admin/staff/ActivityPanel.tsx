import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { dateRangeMessage, datesInOrder, formatDashboardDate } from '#shared/dashboard/index.ts';
import { auditActionLabels, auditActions, AUDIT_RETENTION_DAYS, type AuditAction } from '#shared/staff/auditActions.ts';
import { useTRPC } from '#client/trpc.tsx';
import { auditActorText, auditDetailsText } from './auditText';
import { DateRangeFields } from '#client/features/admin/common/DateRangeFields.tsx';
import { Pagination } from '#client/features/admin/common/Pagination.tsx';
import './staff.css';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';

type ActivityFilters = { accountId: string; action: '' | AuditAction; from: string; to: string };
const noFilters: ActivityFilters = { accountId: '', action: '', from: '', to: '' };

/**
 * The Owner's view of the audit trail: who signed in, opened, changed, exported or erased what,
 * when and from which address; narrowed by person, action and date. Read-only, as the trail is.
 */
export function ActivityPanel() {
  const trpc = useTRPC();
  const id = useId();
  const [filters, setFilters] = useState<ActivityFilters>(noFilters);
  const [page, setPage] = useState(1);
  const accounts = useQuery(trpc.staff.accounts.queryOptions());
  const accountName = (accountId: number) => accounts.data?.find((account) => account.id === accountId)?.name;
  const rangeInOrder = datesInOrder(filters);
  const query = {
    page,
    ...(filters.accountId ? { accountId: Number(filters.accountId) } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from && rangeInOrder ? { from: filters.from } : {}),
    ...(filters.to && rangeInOrder ? { to: filters.to } : {}),
  };
  const activity = useQuery(trpc.staff.activity.queryOptions(query, { placeholderData: keepPreviousData }));

  function set<K extends keyof ActivityFilters>(key: K, value: ActivityFilters[K]) {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  }

  const pageCount = activity.data ? Math.max(1, Math.ceil(activity.data.total / activity.data.pageSize)) : 1;
  return (
    <div className="enquiries activity">
      <p className="panel-intro">
        Every sign-in, opened enquiry, change, export and data request, with who and from which address. Entries cannot
        be edited and are deleted after {AUDIT_RETENTION_DAYS} days.
      </p>
      <div className="filters" role="search" aria-label="Filter the activity">
        <div className="filters__field">
          <label htmlFor={`${id}-person`}>Person</label>
          <select
            id={`${id}-person`}
            className="field__input"
            value={filters.accountId}
            onChange={(event) => set('accountId', event.target.value)}
          >
            <option value="">Everyone</option>
            {accounts.data?.map((account) => (
              <option key={account.id} value={String(account.id)}>
                {account.name}
                {account.email ? ` (${account.email})` : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__field">
          <label htmlFor={`${id}-action`}>Action</label>
          <select
            id={`${id}-action`}
            className="field__input"
            value={filters.action}
            onChange={(event) => set('action', event.target.value as ActivityFilters['action'])}
          >
            <option value="">All actions</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {auditActionLabels[action]}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields
          id={id}
          labels={{ from: 'From', to: 'To' }}
          from={filters.from}
          to={filters.to}
          onFrom={(value) => set('from', value)}
          onTo={(value) => set('to', value)}
          invalid={!rangeInOrder}
        />
        {rangeInOrder ? null : (
          <p id={`${id}-error`} className="field__error filters__error">
            {dateRangeMessage}
          </p>
        )}
      </div>
      <p className="enquiries__summary" role="status">
        {activity.data && (activity.data.total === 1 ? '1 entry' : `${activity.data.total} entries`)}
      </p>
      {activity.isPending ? (
        <p className="enquiries__state" role="status">
          Loading the activity...
        </p>
      ) : activity.isError && !activity.data ? (
        <LoadFailed message="Failed to load the activity. Please try again." onRetry={() => void activity.refetch()} />
      ) : (
        <>
          <ol
            className={`activity__entries${activity.isFetching ? ' is-busy' : ''}`}
            aria-label="Activity"
            aria-busy={activity.isFetching}
          >
            {activity.data.entries.map((entry) => (
              <li key={entry.id} className="activity__entry">
                <time dateTime={entry.at} className="activity__when">
                  {formatDashboardDate(entry.at)}
                </time>
                <span className="activity__who">{auditActorText(entry)}</span>
                <span className="activity__what">
                  {auditActionLabels[entry.action]}
                  {auditDetailsText(entry, accountName) ? (
                    <span className="activity__details">: {auditDetailsText(entry, accountName)}</span>
                  ) : null}
                </span>
                <span className="activity__where">{entry.ip ? `from ${entry.ip}` : 'on the server'}</span>
              </li>
            ))}
          </ol>
          <Pagination page={page} pageCount={pageCount} noun="activity" onPage={setPage} />
        </>
      )}
    </div>
  );
}
