import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdmissionStage } from '#shared/admissions/stages.ts';
import type { EnquiryFilters } from '#shared/dashboard/index.ts';
import { useTRPC } from '#client/trpc.tsx';

/** How many admission enquiries each stage holds under the other filters: the board's counts, one card each. */
export function useStageCounts(wanted: boolean, filters: EnquiryFilters): Record<AdmissionStage, number> | undefined {
  const trpc = useTRPC();
  const board = useQuery({
    ...trpc.admissions.board.queryOptions(
      { ...filters, stage: undefined, perStage: 1 },
      { placeholderData: keepPreviousData },
    ),
    enabled: wanted,
  });
  if (!wanted || !board.data) return undefined;
  return Object.fromEntries(board.data.map((column) => [column.stage, column.total])) as Record<AdmissionStage, number>;
}
