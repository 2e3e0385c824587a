import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stageLabels, type AdmissionStage } from '#shared/admissions/stages.ts';
import { useTRPC } from '#client/trpc.tsx';
import { toast } from '#client/ui/toast/toastStore.ts';
import { httpStatusOf, isUnauthorized } from '#client/features/admin/common/apiErrors.ts';

/**
 * Moves an admission enquiry to a stage. Once the lists and the board hold the move, the toast
 * (a polite live region) says it in words, "Arjun Kumar moved to Visited", and `onMoved` runs:
 * the callbacks belong to the mutation, so they run even when the moved card has left its column.
 */
export function useStageMove(name: string, onMoved?: (stage: AdmissionStage) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.dashboard.pathFilter()),
      queryClient.invalidateQueries(trpc.admissions.pathFilter()),
    ]);
  return useMutation(
    trpc.admissions.moveStage.mutationOptions({
      onSuccess: async (row) => {
        await refresh();
        toast({ title: `${name} moved to ${stageLabels[row.stage]}` });
        onMoved?.(row.stage);
      },
      onError: async (error: unknown) => {
        await refresh();
        const refused = httpStatusOf(error) === 400 && error instanceof Error ? error.message : undefined;
        if (!isUnauthorized(error))
          toast({ title: `Failed to move ${name}`, description: refused, variant: 'destructive' });
      },
    }),
  );
}
