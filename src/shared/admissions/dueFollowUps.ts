import { formatSchoolDay } from '../time';
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

/** The due list: overdue first (oldest date first), at most `shown` of `total`. */
export type DueFollowUps = { today: string; total: number; entries: DueFollowUp[] };

/** The "Due today" section's address beneath /admin; the morning email links to it. */
export const DUE_SECTION_PATH = '/follow-ups';

/** The most the section and the email list; the count says how many more there are. */
export const DUE_LIST_LIMIT = 200;

/** "Due today", or "Overdue since Sat 5 Dec" for a date before `today` (both YYYY-MM-DD, at the school). */
export const dueText = (followUpOn: string, today: string): string => (followUpOn < today ? `Overdue since ${formatSchoolDay(followUpOn)}` : 'Due today');
