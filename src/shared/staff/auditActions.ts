/**
 * What the audit trail records (issue 10, section 2), with the words the Owner's activity page
 * uses. Details never hold what a parent wrote, nor their name, email or phone: an erasure must
 * leave no trace of the person, and the trail is kept for a year.
 */
export const auditActionLabels = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  lockout: 'Locked out after failed sign-ins',
  'account-under-attack': 'Account under attack: many wrong passwords, so sign-ins from new devices are slowed',
  'sign-out': 'Signed out',
  'session-ended': 'Ended a session of their own',
  'enquiry-opened': 'Opened an enquiry',
  'status-change': 'Changed a status',
  'remarks-change': 'Changed remarks',
  'stage-change': 'Moved an admission enquiry to another stage',
  'follow-up-change': 'Changed a follow-up date',
  'holiday-added': 'Added a school holiday',
  'holiday-removed': 'Removed a school holiday',
  'visit-slots-published': 'Published visit slots',
  'visit-slot-withdrawn': 'Withdrew a visit slot',
  'visit-source-cancelled': 'Cancelled every visit booked from one connection',
  'not-spam': 'Moved an enquiry out of Spam',
  'mail-retry': 'Sent an email again',
  'mail-retry-all': 'Sent every undelivered email again',
  export: 'Exported enquiries',
  'person-search': 'Searched for a person’s data',
  'person-download': 'Downloaded a person’s data',
  erasure: 'Erased a person’s data',
  'account-created': 'Created a staff account',
  'link-created': 'Made a link to choose a password',
  'password-set': 'Chose a password by link',
  'role-change': 'Changed a role',
  'account-disabled': 'Disabled an account',
  'account-enabled': 'Enabled an account',
  'password-change': 'Changed a password',
  'own-password-change': 'Changed their own password',
  'content-published': 'Published site content',
  'content-restored': 'Restored earlier site content',
  'photo-uploaded': 'Uploaded a photo',
  'two-step-on': 'Turned on two-step login',
  'two-step-off': 'Turned off two-step login',
  'recovery-code-used': 'Signed in with a recovery code',
  'recovery-codes-new': 'Made new recovery codes',
  'one-time-code-printed': 'Printed a one-time code on the server',
  'setting-change': 'Changed a setting',
  'family-added': 'Added a family to the Parents’ Corner',
  'family-invited': 'Sent a Parents’ Corner invitation',
  'family-removed': 'Removed a family from the Parents’ Corner',
  'notice-published': 'Published a notice to parents',
  'parent-event-added': 'Added an event to the Parents’ Corner',
  'parent-event-changed': 'Changed an event of the Parents’ Corner',
  'parent-event-removed': 'Removed an event from the Parents’ Corner',
  'parent-document-added': 'Added a document to the Parents’ Corner',
  'parent-document-changed': 'Changed a document of the Parents’ Corner',
  'parent-document-removed': 'Removed a document from the Parents’ Corner',
  'guardian-added': 'Added a parent to a family of the Parents’ Corner',
  'family-class-changed': 'Changed a family’s class in the Parents’ Corner',
  'notice-changed': 'Changed a notice to parents',
  'notice-removed': 'Removed a notice to parents',
} as const;

export type AuditAction = keyof typeof auditActionLabels;

export const auditActions = Object.keys(auditActionLabels) as AuditAction[];

/** How long the trail is kept: a year, then the daily purge deletes it (the database refuses earlier deletions). */
export const AUDIT_RETENTION_DAYS = 365;
