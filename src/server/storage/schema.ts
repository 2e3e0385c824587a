import type { ColumnType, Generated } from 'kysely';
import type { EnquiryStatus } from '#shared/enquiries/status.ts';
import type { EnquiryAnswers } from '#shared/enquiries/enquiry.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import type { Columns } from './columnNames';
import type { StaffRole } from '#shared/staff/roles.ts';
import type { AuditAction } from '#shared/staff/auditActions.ts';
import type { AdmissionStage } from '#shared/admissions/stages.ts';
import type { NoticeMailChoice } from '#shared/parents/parentMessages.ts';

/** Row shapes of every table, as Kysely sees them. Timestamps are ISO 8601 strings in UTC. */

/** What every enquiry table holds besides the answers: the receipt, the spam verdict and the office's work. */
type EnquiryBookkeeping = {
  id: Generated<number>;
  created_at: string;
  status: Generated<EnquiryStatus>;
  is_read: Generated<number>;
  remarks: Generated<string>;
  updated_at: string | null;
  ip: string | null;
  user_agent: string | null;
  idempotency_key: string;
  /** NULL for a normal enquiry; in the Spam folder, the reasons as a JSON array of SpamReason. */
  spam_reasons: string | null;
};

/** An enquiry table: one column per answer, named after its field (see columnNames.ts), and the bookkeeping. */
type EnquiryTable<K extends EnquiryKind> = Columns<EnquiryAnswers[K]> & EnquiryBookkeeping;

export type ContactEnquiryTable = EnquiryTable<'contact'>;
export type AdmissionEnquiryTable = EnquiryTable<'admission'>;

/** Who an enquiry's email is for: the school's office (the notification) or the parent (the acknowledgement). */
export type EnquiryMailRecipient = 'office' | 'parent';

/**
 * The mail queue and the copies of sent mail (decisions 0003, 0010, 0027). A row belongs either
 * to an enquiry (its office notification or parent acknowledgement) or to a staff account (the
 * link to choose a password, recipient_role 'staff'), or it is the office's morning list of
 * follow-ups ('follow-ups', migration 021); the database refuses anything else.
 */
export type OutboxTable = {
  id: Generated<number>;
  enquiry_kind: EnquiryKind | null;
  enquiry_id: number | null;
  /** The person a staff mail is for (migration 015). */
  staff_account_id: number | null;
  /** 'follow-ups': the office's morning list of follow-ups due (migration 021), of no enquiry or account. */
  recipient_role: EnquiryMailRecipient | 'staff' | 'follow-ups' | 'guardian';
  to_address: string;
  subject: string;
  /** The bodies as sent, except that LINK_PLACEHOLDER stands where secret_link goes. */
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  /**
   * The single-use link a staff mail carries, put in place of the placeholder when sending; set
   * to NULL once the mail is sent or given up, so the stored copy cannot be used (decision 0027).
   */
  secret_link: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
  /** How many times the SMTP server refused this mail for good (a 5xx answer). */
  rejections: Generated<number>;
  /**
   * When the worker gave up after too many refusals; an enquiry's mail then waits for staff to
   * retry it, a staff link's is replaced by a new link.
   */
  failed_at: string | null;
  /** The guardian a Parents' Corner link mail is for (migration 031). */
  parent_guardian_id: Generated<number | null>;
  /** 'visit' for a visit's emails, which an enquiry may have many of (migration 022). */
  topic: Generated<'enquiry' | 'visit'>;
  /** The iCalendar invitation a visit's confirmation carries (migration 022); NULL for every other mail. */
  calendar: Generated<string | null>;
  /** The Message-ID every attempt sends (migration 028), given when queued; NULL only for mail sent before it. */
  message_id: string | null;
  /** Which staff mail a 'staff' row is (migration 025): NULL for a link to choose a password. */
  staff_mail: Generated<'one-time-code' | 'guessing-alert' | null>;
};

/** A staff account's live one-time code, only as a hash (migration 025; decision 0051). */
export type StaffOneTimeCodeTable = {
  account_id: number;
  code_hash: string;
  created_at: string;
  expires_at: string;
};

/** A person who signs in to the dashboard (migration 011; decision 0024). */
export type StaffAccountTable = {
  id: Generated<number>;
  /** Unique, compared without regard to letter case; NULL only for the first Owner until they add one. */
  email: string | null;
  name: string;
  role: StaffRole;
  /** NULL until the person has chosen a password. */
  password_hash: string | null;
  /** Rises with each password change and when the account is disabled: sessions made under an older one are over. */
  version: Generated<number>;
  /** 1 for the first Owner, whose password ADMIN_PASSWORD or ADMIN_PASSWORD_HASH sets at start. */
  from_environment: Generated<number>;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
  /**
   * When the account's time to set up two-step login last began other than by the Owner's
   * requirement or its creation: a link used, a password set on the server, two-step login turned off.
   */
  two_step_setup_from: string | null;
};

/** Generated secrets kept with the data (the session signing key when SESSION_SECRET is not set). */
export type StaffSecretTable = {
  name: string;
  value: string;
  created_at: string;
};

export type StaffSessionTable = {
  id: string;
  created_at: string;
  last_seen_at: string;
  /** The absolute end of the session (created_at + 8 hours). */
  expires_at: string;
  ended_at: string | null;
  /** The account's version when the session began (see StaffAccountTable.version). */
  credential_version: number;
  account_id: number | null;
  ip: string | null;
  user_agent: string | null;
};

/** Failed (and in-flight) login attempts per client, for the per-IP limit. */
export type StaffLoginFailureTable = {
  id: Generated<number>;
  client_key: string;
  attempted_at: string;
  /** Whom a login attempt was at (migration 018): `account:<id>` or a keyed hash of an email no account has; `two-step:<id>` once its code was wrong. */
  account_key: string | null;
};

/**
 * Append-only record of every change to an enquiry's status, remarks or read flag. When an
 * enquiry is erased its entries give way to one tombstone (migration 009): field 'erased',
 * old_value what went (JSON, see modules/privacy/erasureRepository.ts), new_value why (an ErasureReason).
 */
export type EnquiryHistoryTable = {
  id: Generated<number>;
  enquiry_kind: EnquiryKind;
  enquiry_id: number;
  field: 'status' | 'remarks' | 'isRead' | 'erased';
  old_value: string;
  new_value: string;
  changed_at: string;
  session_id: string | null;
  /** Who made the change (NULL for the server's own: the retention purge). */
  account_id: number | null;
};

/** Who made a change: a person's session and account, or nobody (a family's booking, the retention purge). */
export type ChangedBy = { sessionId: string | null; accountId: number | null };

/** When a change was made and by whom, as the enquiry history and the pipeline store it. */
export type When = { changedAt: string } & ChangedBy;

/** A single-use link to choose a password (migration 013): only the SHA-256 of its secret is kept. */
export type StaffLinkTable = {
  token_hash: string;
  account_id: number;
  purpose: 'invitation' | 'reset';
  created_at: string;
  /** The Owner who made it. */
  created_by: number | null;
  expires_at: string;
  used_at: string | null;
};

/** One entry of the audit trail (migration 012): never changed, deleted only after a year. */
export type AuditEventTable = {
  id: Generated<number>;
  at: string;
  /** The account that acted; NULL when there was none (a sign-in with an unknown email). */
  account_id: number | null;
  /** The person's name at the time, kept even if the account is renamed later. */
  actor: string | null;
  action: AuditAction;
  ip: string | null;
  /** JSON object: what was acted on (an enquiry's kind and id, an export's filter and row count). */
  details: Generated<string>;
};

/** An account's authenticator secret (migration 014): sealed (auth/twoStepKey.ts), on once confirmed with a code. */
export type StaffTwoStepTable = {
  account_id: number;
  secret: string;
  created_at: string;
  /** NULL while the person is setting it up; two-step login is on from this time. */
  confirmed_at: string | null;
  /** The last 30-second step whose code was accepted: no code of it or an earlier step works again. */
  last_step: number | null;
};

/** One-time recovery codes (migration 014): only the SHA-256 of each is kept. */
export type StaffRecoveryCodeTable = {
  code_hash: string;
  account_id: number;
  created_at: string;
  used_at: string | null;
};

/** Settings of the staff side that the Owner changes on the dashboard (migration 014). */
export type StaffSettingTable = {
  name: string;
  /** JSON. */
  value: string;
  updated_at: string;
  updated_by: number | null;
};

export type HealthProbeTable = {
  id: number;
  checked_at: string;
};

/** Form tokens already used, remembered until they expire: a token is good for one enquiry (and its retries). */
export type FormTokenUseTable = {
  /** The token's jti claim. */
  token_id: string;
  /** The enquiry that used it; a retry of that same enquiry may send the token again. */
  idempotency_key: string;
  expires_at: string;
};

/** The site content being edited (migration 016): one row, the whole SiteContent as JSON. */
export type ContentDraftTable = {
  id: number;
  content: string;
  updated_at: string;
  account_id: number | null;
};

/** One publish of the site content: the whole published content, and which parts changed (JSON arrays). */
export type ContentRevisionTable = {
  id: Generated<number>;
  published_at: string;
  account_id: number | null;
  /** The person's name at the time. */
  actor: string | null;
  content: string;
  changed: string;
  /** The revision whose content this one brought back, when it was a restore. */
  restored_from: number | null;
};

/** An uploaded photo (migration 017): its copies are files under DATA_DIR/photos. */
export type PhotoTable = {
  /** The first 24 hex digits of the upload's SHA-256. */
  id: string;
  /** The largest copy's size, upright. */
  width: number;
  height: number;
  uploaded_at: string;
  account_id: number | null;
  /** The size of the file as uploaded. */
  upload_bytes: number;
};

/** An admission enquiry's place in the admissions pipeline (migration 020): one row per enquiry, made by a trigger. */
export type AdmissionPipelineTable = {
  enquiry_id: number;
  stage: Generated<AdmissionStage>;
  /** Why it closed (Waitlisted, Not proceeding); NULL at other stages. */
  stage_reason: string | null;
  /** When it last moved; NULL while it is at the first stage it was given. */
  stage_changed_at: string | null;
  /** The day someone should next contact the family, YYYY-MM-DD in the school's time zone. */
  follow_up_on: string | null;
  /** When its history first reached Visit booked, Offered, Enrolled or a later step (migration 023): kept by triggers, never written by the code. */
  visit_reached_at: ColumnType<string | null, never, never>;
  /** When it first reached Visited or a later step: the visit happened (migration 027), kept by a trigger. */
  visited_reached_at: ColumnType<string | null, never, never>;
  offer_reached_at: ColumnType<string | null, never, never>;
  enrolment_reached_at: ColumnType<string | null, never, never>;
  /** Staff's first contact: its earliest change to Responded or stage move by a staff account (migration 023), kept by triggers. */
  first_contact_at: ColumnType<string | null, never, never>;
};

/** The record of every change to a stage or a follow-up date (migration 020), append-only; it goes with its enquiry. */
export type AdmissionPipelineHistoryTable = {
  id: Generated<number>;
  enquiry_id: number;
  field: 'stage' | 'followUp';
  /** A stage, or a follow-up date (YYYY-MM-DD, '' for none). */
  old_value: string;
  new_value: string;
  reason: string | null;
  changed_at: string;
  session_id: string | null;
  account_id: number | null;
  /** The start of the visit the family booked with its link, on the move to Visit booked that booking made (migration 030); NULL otherwise. */
  visit_at: string | null;
};

/** The school days the morning list of follow-ups was made (migration 021); outbox_id NULL: nothing was due. */
export type FollowUpMorningTable = {
  day: string;
  outbox_id: number | null;
  made_at: string;
};

/** A day the office is closed besides Sundays (migration 024): no follow-up is suggested for it. */
export type SchoolHolidayTable = {
  day: string;
  name: string;
};

/** A time the office published for school visits (migration 022); starts_at is an ISO instant in UTC. */
export type VisitSlotTable = {
  id: Generated<number>;
  starts_at: string;
  minutes: number;
  places: number;
  created_at: string;
  created_by: number | null;
  cancelled_at: string | null;
};

/** A family's place in a visit slot (migration 022); it goes with its enquiry. */
export type VisitBookingTable = {
  id: Generated<number>;
  slot_id: number;
  enquiry_id: number;
  created_at: string;
  /** When it was made or last moved. */
  changed_at: string;
  cancelled_at: string | null;
  /** When the day-before reminder was queued; NULL until then, and again after a move. */
  reminded_at: string | null;
  /** The client it was booked from, an IPv4 address or an IPv6 /64 (migration 029); NULL before. */
  source: Generated<string | null>;
};

/** A school day whose visit places filled fast (migration 029): the office was told once. */
export type VisitFillAlertTable = {
  /** YYYY-MM-DD at the school. */
  day: string;
  raised_at: string;
  /** Places booked within the hour before, and the day's places. */
  booked: number;
  places: number;
};

/** A child of the school, whose guardians sign in to the Parents' Corner (migration 031). */
export type ParentFamilyTable = {
  id: Generated<number>;
  child_name: string;
  class_name: string;
  program: string;
  created_at: string;
  /** When the office removed the family: its guardians' access ended then. */
  removed_at: string | null;
  /** The admission enquiry the family was invited from (migration 033); NULL when added by hand. */
  enquiry_id: ColumnType<number | null, number | null | undefined, number | null>;
};

export type ParentGuardianTable = {
  id: Generated<number>;
  family_id: number;
  /** The username. */
  email: string;
  name: string;
  phone: string;
  /** NULL until the invitation is accepted. */
  password_hash: string | null;
  /** Moves with each new password: sessions of an older one end. */
  version: Generated<number>;
  invited_at: string;
  accepted_at: string | null;
  removed_at: string | null;
  /** How notice emails come: one per notice, or a digest on Friday afternoon (migration 036). */
  notice_mail: Generated<NoticeMailChoice>;
  /** The moment this guardian's weekly digests have covered up to; set when they choose weekly. */
  digest_covered_to: Generated<string | null>;
};

export type ParentSessionTable = {
  id: string;
  guardian_id: number;
  credential_version: number;
  /** 1: "Remember me" (30 days); 0: ends with the browser (the cookie has no expiry), and on the server after a day. */
  remembered: number;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
  /** Migration 034: when the session was last used (noted at most every few minutes), and its browser's User-Agent. */
  last_used_at: string | null;
  user_agent: string | null;
};

export type ParentTokenTable = {
  /** SHA-256 of the single-use token; the token itself is only in the email. */
  token_hash: string;
  guardian_id: number;
  purpose: 'invitation' | 'reset';
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

export type ParentSignInCodeTable = {
  guardian_id: number;
  /** SHA-256 of the code; the code itself is only in the email. */
  code_hash: string;
  created_at: string;
  expires_at: string;
};

export type ParentNoticeTable = {
  id: Generated<number>;
  title: string;
  /** Markdown, the blog's safe subset. */
  body: string;
  audience: 'all' | 'class' | 'program';
  /** The class or program; NULL for all. */
  audience_value: string | null;
  publish_at: string;
  created_at: string;
  created_by: number | null;
  /** When its emails to the families were queued (migration 033); NULL until its time comes. */
  mailed_at: ColumnType<string | null, string | null | undefined, string | null>;
};

export type ParentNoticeReadTable = { notice_id: number; guardian_id: number; read_at: string };

export type ParentEventTable = {
  id: Generated<number>;
  title: string;
  /** YYYY-MM-DD, Asia/Kolkata. */
  day: string;
  /** HH:MM on the school's clocks; NULL for the whole day. */
  time: string | null;
  place: Generated<string>;
  body: string;
  created_at: string;
  created_by: number | null;
  updated_at: string;
  updated_by: number | null;
};

export type ParentCalendarFeedTable = {
  guardian_id: number;
  /** Kept as it is: the feed's address is shown to the guardian again (decision 0056). */
  feed_key: string;
  created_at: string;
};

export type ParentDocumentTable = {
  id: Generated<number>;
  title: string;
  description: string;
  /** The PDF's name under DATA_DIR/parent-documents; NULL until one is uploaded. */
  file_name: string | null;
  file_bytes: number | null;
  file_uploaded_at: string | null;
  created_at: string;
  created_by: number | null;
  updated_at: string;
  updated_by: number | null;
};

export type Database = {
  contact_enquiries: ContactEnquiryTable;
  admission_enquiries: AdmissionEnquiryTable;
  outbox: OutboxTable;
  staff_accounts: StaffAccountTable;
  staff_secrets: StaffSecretTable;
  staff_sessions: StaffSessionTable;
  staff_login_failures: StaffLoginFailureTable;
  enquiry_history: EnquiryHistoryTable;
  health_probe: HealthProbeTable;
  form_token_uses: FormTokenUseTable;
  audit_events: AuditEventTable;
  staff_links: StaffLinkTable;
  content_draft: ContentDraftTable;
  content_revisions: ContentRevisionTable;
  photos: PhotoTable;
  staff_two_step: StaffTwoStepTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_settings: StaffSettingTable;
  admission_pipeline: AdmissionPipelineTable;
  admission_pipeline_history: AdmissionPipelineHistoryTable;
  follow_up_mornings: FollowUpMorningTable;
  visit_slots: VisitSlotTable;
  visit_bookings: VisitBookingTable;
  visit_fill_alerts: VisitFillAlertTable;
  school_holidays: SchoolHolidayTable;
  staff_one_time_codes: StaffOneTimeCodeTable;
  parent_families: ParentFamilyTable;
  parent_guardians: ParentGuardianTable;
  parent_sessions: ParentSessionTable;
  parent_tokens: ParentTokenTable;
  parent_notices: ParentNoticeTable;
  parent_notice_reads: ParentNoticeReadTable;
  parent_sign_in_codes: ParentSignInCodeTable;
  parent_events: ParentEventTable;
  parent_calendar_feeds: ParentCalendarFeedTable;
  parent_documents: ParentDocumentTable;
};
