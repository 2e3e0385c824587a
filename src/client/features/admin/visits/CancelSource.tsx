import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { isUnauthorized } from '#client/features/admin/common/apiErrors.ts';

/** Cancels every coming visit booked from one connection, after a second click that says so. */
export function CancelSource({ source }: { source: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation(
    trpc.visits.cancelSource.mutationOptions({
      onSuccess: ({ cancelled }) =>
        toast({
          title: cancelled === 1 ? '1 visit cancelled' : `${cancelled} visits cancelled`,
          description: 'Each family was emailed.',
        }),
      onError: (failure: unknown) => {
        if (!isUnauthorized(failure))
          toast({
            title: 'Not cancelled',
            description: failure instanceof Error ? failure.message : 'Please try again.',
            variant: 'destructive',
          });
      },
      onSettled: () => queryClient.invalidateQueries(trpc.visits.pathFilter()),
    }),
  );
  if (!asking)
    return (
      <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
        Cancel all from this connection
      </button>
    );
  return (
    <span>
      Cancel every coming visit booked from {source}?{' '}
      <button
        type="button"
        className="button button--primary"
        disabled={cancel.isPending}
        onClick={() => cancel.mutate({ source })}
      >
        Yes, cancel them all
      </button>{' '}
      <button type="button" className="button button--outline" onClick={() => setAsking(false)}>
        Keep them
      </button>
    </span>
  );
}
