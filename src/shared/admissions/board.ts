import { z } from '#shared/zod.ts';
import type { AdmissionEnquiry } from '#shared/enquiries/enquiry.ts';
import { enquiryFiltersSchema } from '#shared/dashboard/query.ts';
import type { AdmissionStage } from './stages';

/** How many cards a board column shows at most: the newest; the count says how many more there are. */
export const BOARD_CARDS_MAX = 50;

/** The board of the Admission Form tab: the list's filters (a stage filter is the column itself), and how many cards per column. */
export const stageBoardQuerySchema = z.intersection(
  enquiryFiltersSchema,
  z.object({ perStage: z.coerce.number().int().min(1).max(BOARD_CARDS_MAX).default(20) }),
);

export type StageBoardQueryInput = z.input<typeof stageBoardQuerySchema>;
export type StageBoardQuery = z.output<typeof stageBoardQuerySchema>;

/** One column of the board: a stage, how many enquiries are at it, and the newest of them. */
export type StageColumn = { stage: AdmissionStage; total: number; cards: AdmissionEnquiry[] };
