import type { RetentionPeriods } from '#content/privacy.ts';
/**
 * How long the school keeps what parents send. The daily purge, the Spam folder's sweep, the
 * dashboard and the privacy notice all read these, so the notice states what the server does.
 * No imports: the privacy page bundles this module.
 */

/** A closed (responded) enquiry is erased this many months after the office's last change to it; RETENTION_MONTHS overrides. */
export const DEFAULT_RETENTION_MONTHS = 24;

/** The most RETENTION_MONTHS may be: ten years. */
export const MAX_RETENTION_MONTHS = 120;

/** Spam is deleted this many days after it arrived. */
export const SPAM_RETENTION_DAYS = 30;

/** The copy of an email the server sent (the office's notice, the parent's acknowledgement) is erased this many days after it went. */
export const SENT_MAIL_RETENTION_DAYS = 30;

/** A family the office removed from the Parents' Corner is erased this many days later (time to undo a mistake by asking the developers, never longer). */
export const REMOVED_FAMILY_DAYS = 30;

/** Every period the privacy notice states, with the build's or the server's RETENTION_MONTHS. */
export const retentionPeriods = (closedEnquiryMonths: number): RetentionPeriods => ({
  closedEnquiryMonths,
  spamDays: SPAM_RETENTION_DAYS,
  sentMailDays: SENT_MAIL_RETENTION_DAYS,
  removedFamilyDays: REMOVED_FAMILY_DAYS,
});
