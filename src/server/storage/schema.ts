import type { Generated } from 'kysely';

/** Row shapes of every table, as Kysely sees them. Timestamps are ISO 8601 strings in UTC. */
export type SubmissionStatusColumn = 'pending' | 'responded';

export type ContactSubmissionTable = {
  id: Generated<number>;
  created_at: string;
  name: string;
  email: string;
  country_code: string;
  phone: string;
  type: string;
  message: string;
  status: Generated<SubmissionStatusColumn>;
  is_read: Generated<number>;
  remarks: Generated<string>;
  updated_at: string | null;
  ip: string | null;
  user_agent: string | null;
  idempotency_key: string;
};

export type AdmissionEnquiryTable = {
  id: Generated<number>;
  created_at: string;
  student_name: string;
  /** Calendar date, YYYY-MM-DD. */
  birth_date: string;
  parent_name: string;
  email: string;
  country_code: string;
  phone: string;
  program: string;
  message: Generated<string>;
  status: Generated<SubmissionStatusColumn>;
  is_read: Generated<number>;
  remarks: Generated<string>;
  updated_at: string | null;
  ip: string | null;
  user_agent: string | null;
  idempotency_key: string;
};

export type EnquiryKind = 'contact' | 'admission';

export type OutboxTable = {
  id: Generated<number>;
  enquiry_kind: EnquiryKind;
  enquiry_id: number;
  /** 'office' (the school's notification) or 'parent' (the acknowledgement). */
  recipient_role: 'office' | 'parent';
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
};

export type Database = {
  contact_submissions: ContactSubmissionTable;
  admission_enquiries: AdmissionEnquiryTable;
  outbox: OutboxTable;
};
