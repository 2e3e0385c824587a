import { z } from '#shared/zod.ts';
import {
  dashboardLimits,
  dateRangeMessage,
  datesInOrder,
  optionalFilter,
  schoolDate,
} from '#shared/dashboard/query.ts';
import { auditActions, type AuditAction } from './auditActions';

/** One entry of the audit trail as the Owner's activity page shows it. `at` is ISO 8601 (UTC). */
export type AuditEntry = {
  id: number;
  at: string;
  accountId: number | null;
  actor: string | null;
  action: AuditAction;
  ip: string | null;
  /** What was acted on; undefined values are left out when stored. */
  details: Record<string, string | number | boolean | null | undefined>;
};

/** The activity page's filters: a person, an action and a date range at the school (both ends inclusive), newest first. */
export const auditListQuerySchema = z
  .object({
    accountId: z.coerce.number().int().positive().optional(),
    action: optionalFilter(z.enum(auditActions as [AuditAction, ...AuditAction[]])),
    from: optionalFilter(schoolDate),
    to: optionalFilter(schoolDate),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(dashboardLimits.maxPageSize).default(50),
  })
  .refine(datesInOrder, {
    message: dateRangeMessage,
    path: ['to'],
  });

export type AuditListQuery = z.output<typeof auditListQuerySchema>;
export type AuditListQueryInput = z.input<typeof auditListQuerySchema>;

export type AuditPage = { entries: AuditEntry[]; total: number; page: number; pageSize: number };
