import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDashboardDate } from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import './account.css';
import { LoadFailed } from '#client/features/admin/common/LoadFailed.tsx';

/** Where this account is signed in: this browser and others, each other one can be ended (a PC left signed in at school). */
export function OwnSessions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const sessions = useQuery(trpc.account.sessions.queryOptions(undefined, { enabled: open, staleTime: 0 }));
  const end = useMutation(
    trpc.account.endSession.mutationOptions({
      onSuccess: ({ message }) => toast({ title: message }),
      onError: (error: unknown) => {
        if (!isUnauthorized(error))
          toast({
            title: 'Not done',
            description: error instanceof Error ? error.message : undefined,
            variant: 'destructive',
          });
      },
      onSettled: () => queryClient.invalidateQueries(trpc.account.pathFilter()),
    }),
  );
  return (
    <details className="own-sessions" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Where you are signed in</summary>
      {sessions.isPending ? (
        <p role="status">{open ? 'Loading...' : null}</p>
      ) : sessions.isError ? (
        <LoadFailed
          message="Your sessions could not be loaded. Please try again."
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <ul className="own-sessions__list">
          {sessions.data.map((session) => (
            <li key={session.ref} className="own-sessions__item">
              <span className="own-sessions__device">{session.device ?? 'Unknown browser'}</span>
              <span className="own-sessions__meta">
                Since {formatDashboardDate(session.createdAt)}
                {session.ip ? `, from ${session.ip}` : ''}
              </span>
              {session.current ? (
                <span className="own-sessions__current">This browser</span>
              ) : (
                <button
                  type="button"
                  className="button button--outline admin-small-button"
                  aria-label={`End the session since ${formatDashboardDate(session.createdAt)}`}
                  onClick={() => end.mutate({ ref: session.ref })}
                >
                  End session
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
