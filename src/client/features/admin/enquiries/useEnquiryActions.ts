import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnquiryStatus } from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { httpStatusOf, isUnauthorized } from '#client/features/admin/common/apiErrors.ts';
import { kindTexts, type EnquiryView } from '#client/features/admin/common/enquiryView.ts';

const UPDATE_FAILED = 'Failed to update submission';

function failureDescription(error: unknown): string | undefined {
  // A refused input (remarks too long) says why; anything else only that it failed.
  return httpStatusOf(error) === 400 && error instanceof Error ? error.message : undefined;
}

/**
 * The changes the office makes to one row. Each is a server mutation; while it runs the row
 * shows the value being saved, and afterwards whatever the server holds (the list, counts and
 * history are fetched again before the mutation counts as finished, so nothing flickers back).
 */
export function useEnquiryActions(view: Pick<EnquiryView, 'kind' | 'id'>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ref = { kind: view.kind, id: view.id };

  const refresh = () => queryClient.invalidateQueries(trpc.dashboard.pathFilter());
  const announced = {
    onSuccess: async () => {
      await refresh();
      toast({ title: kindTexts[view.kind].updated });
    },
    onError: async (error: unknown) => {
      await refresh();
      if (!isUnauthorized(error))
        toast({ title: UPDATE_FAILED, description: failureDescription(error), variant: 'destructive' });
    },
  };

  const update = useMutation(trpc.dashboard.update.mutationOptions(announced));
  const markResponded = useMutation(trpc.dashboard.markResponded.mutationOptions(announced));
  // Opening a row marks it read quietly: a toast for every glance would drown the ones that matter.
  const markRead = useMutation(
    trpc.dashboard.markRead.mutationOptions({
      onSuccess: refresh,
      onError: async (error: unknown) => {
        await refresh();
        if (!isUnauthorized(error)) toast({ title: UPDATE_FAILED, variant: 'destructive' });
      },
    }),
  );

  const pendingUpdate = update.isPending ? update.variables : undefined;
  return {
    setStatus: (status: EnquiryStatus) => update.mutate({ ...ref, status }),
    /** Settles when the server has answered; failures are already announced. */
    saveRemarks: (remarks: string) => update.mutateAsync({ ...ref, remarks }).catch(() => undefined),
    markResponded: () => markResponded.mutate(ref),
    markRead: () => markRead.mutate(ref),
    /** The status being saved, shown until the server's answer arrives. */
    pendingStatus: pendingUpdate?.status,
    savingRemarks: pendingUpdate?.remarks !== undefined,
    markingResponded: markResponded.isPending,
    markingRead: markRead.isPending,
  };
}
