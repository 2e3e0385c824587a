import { programs, type ProgramName } from '#content/programs.ts';
import { formatDashboardDate } from '#shared/dashboard/index.ts';
import type { NoticeAudience } from '#shared/parents/parentsCorner.ts';

/** A refusal's sentence from the server, or a plain one when there is none. */
export const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';

export const programLabel = (program: string) => programs[program as ProgramName]?.title ?? program;

/** Whom a notice is for, in the office's words. */
export function audienceText(audience: NoticeAudience | string, value: string | null): string {
  if (audience === 'class') return `Class: ${value ?? ''}`;
  if (audience === 'program') return programLabel(value ?? '');
  return 'Every family';
}

/** Where a guardian's invitation stands. */
export const invitationText = (guardian: { invitedAt: string; acceptedAt: string | null }) =>
  guardian.acceptedAt
    ? `Accepted on ${formatDashboardDate(guardian.acceptedAt)}`
    : `Not accepted yet (invited on ${formatDashboardDate(guardian.invitedAt)})`;
