import type { UseMutationOptions } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';
import { toast } from '#client/ui/toast/toastStore.ts';
import { httpStatusOf, isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import type { PaneProps } from './paneProps';

type RemovalHandlers = {
  onSuccess: () => void;
  onError: (failure: unknown) => void;
  onSettled: () => Promise<void>;
};

/** A pane's removal of an item by its id, and whether one is under way. */
export type PaneRemoval = { pending: boolean; remove: (id: number) => void };

/**
 * Removing an item of a pane's list: toasts what happened, reloads the list, and puts the cursor
 * on the list's heading, since the item goes with its buttons.
 */
export function usePaneRemoval<Data, Failure>(
  options: (handlers: RemovalHandlers) => UseMutationOptions<Data, Failure, { id: number }>,
  { removed, reload, headingRef }: PaneProps & { removed: string; reload: () => Promise<void> },
): PaneRemoval {
  const remove = useMutation(
    options({
      onSuccess: () => toast({ title: removed }),
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        toast({
          title: 'Not removed',
          description:
            httpStatusOf(failure) === 404 && failure instanceof Error ? failure.message : 'Please try again.',
          variant: 'destructive',
        });
      },
      onSettled: reload,
    }),
  );
  return {
    pending: remove.isPending,
    remove: (id: number) => {
      headingRef.current?.focus();
      remove.mutate({ id });
    },
  };
}
