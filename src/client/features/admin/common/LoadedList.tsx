import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed';

type LoadedListProps<Item> = {
  /** The list's query, as react-query gives it. */
  query: { isError: boolean; data: readonly Item[] | undefined; refetch: () => unknown };
  /** What failed, said with Try Again. */
  failed: string;
  /** What an empty list says. */
  empty: ReactNode;
  children: (items: readonly Item[]) => ReactNode;
};

/** A dashboard list in its states: failed with Try Again, loading, empty, or its items. */
export function LoadedList<Item>({ query, failed, empty, children }: LoadedListProps<Item>) {
  if (query.isError) return <LoadFailed message={failed} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <p className="admin-section__plain" role="status">
        Loading…
      </p>
    );
  if (query.data.length === 0) return <p className="admin-section__plain">{empty}</p>;
  return children(query.data);
}
