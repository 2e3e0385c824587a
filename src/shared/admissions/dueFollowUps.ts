import { formatSchoolDay } from '#shared/schoolTimes.ts';
import type { AdmissionStage } from './stages';

/** An admission enquiry whose follow-up is due, as the "Due today" section and the morning email list it. */
export type DueFollowUp = {
  id: number;
  childName: string;
  parentName: string;
  email: string;
  /** "+91 9840012345" */
  phone: string;
  stage: AdmissionStage;
  followUpOn: string;
};

/** The due list: overdue first (oldest date first), at most DUE_LIST_LIMIT entries of `total` (see dueCountText). */
export type DueFollowUps = { today: string; total: number; entries: DueFollowUp[] };

/** The "Due today" section's address beneath /admin; the morning email links to it. */
export const DUE_SECTION_PATH = '/follow-ups';

/** The most the section and the email list; the count says how many more there are. */
export const DUE_LIST_LIMIT = 200;

/**
 * Counts stop here: past it the office reads "1000+". Counting is then bounded like the list,
 * however many enquiries the database holds (bench:dashboard).
 */
export const DUE_COUNT_CAP = 1000;

/** "12", or "1000+" for a count that reached the cap. */
export const dueCountText = (total: number): string => (total > DUE_COUNT_CAP ? `${DUE_COUNT_CAP}+` : String(total));

/** "Due today", or "Overdue since Sat 5 Dec" for a date before `today` (both YYYY-MM-DD, at the school). */
export const dueText = (followUpOn: string, today: string): string =>
  followUpOn < today ? `Overdue since ${formatSchoolDay(followUpOn)}` : 'Due today';
