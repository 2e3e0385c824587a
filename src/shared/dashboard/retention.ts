/** How many rows the retention purge takes. */
export type RetentionDue = {
  /** Closed (responded) enquiries whose last change is older than the retention period, with their emails and history. */
  closedEnquiries: number;
  /** Copies of emails sent longer ago than SENT_MAIL_RETENTION_DAYS. */
  sentMailCopies: number;
};

/** The dashboard's notice: when the daily purge next runs, what it keeps for how long, and what it will take then. */
export type RetentionStatus = {
  nextPurgeAt: string;
  closedEnquiryMonths: number;
  sentMailDays: number;
  due: RetentionDue;
};
