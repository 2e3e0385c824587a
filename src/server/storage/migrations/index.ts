import type { Migration, MigrationProvider } from 'kysely/migration';
import * as enquiries from './001-enquiries';
import * as staff from './002-staff';
import * as healthProbe from './003-health-probe';
import * as spam from './004-spam';
import * as outboxFailures from './005-outbox-failures';
import * as oneVocabulary from './006-one-vocabulary';
import * as preferredCallTime from './007-preferred-call-time';
import * as erasure from './009-erasure';
import * as guardianConfirmation from './010-guardian-confirmation';
import * as staffAccounts from './011-staff-accounts';
import * as auditTrail from './012-audit-trail';
import * as staffLinks from './013-staff-links';
import * as twoStepLogin from './014-two-step-login';
import * as staffMail from './015-staff-mail';
import * as siteContent from './016-site-content';
import * as photos from './017-photos';
import * as loginFailuresPerAccount from './018-login-failures-per-account';
import * as twoStepSetupTime from './019-two-step-setup-time';
import * as admissionPipeline from './020-admission-pipeline';
import * as followUpMail from './021-follow-up-mail';
import * as visits from './022-visits';
import * as admissionMilestones from './023-admission-milestones';
import * as schoolHolidays from './024-school-holidays';
import * as oneTimeCodes from './025-one-time-codes';
import * as tamilNaduHolidays from './026-tamil-nadu-holidays';
import * as visitedMilestone from './027-visited-milestone';
import * as messageIds from './028-message-ids';
import * as visitBookingSources from './029-visit-booking-sources';
import * as historyVisitTime from './030-history-visit-time';
import * as parentsCorner from './031-parents-corner';
import * as parentEventsDocuments from './032-parent-events-documents';
import * as parentsOffice from './033-parents-office';
import * as parentsPrivate from './034-parents-private';
import * as parentSignInCodes from './035-parent-sign-in-codes';
import * as noticeDigest from './036-notice-digest';

/**
 * Migrations in order. Each is listed here by hand (not read from the folder) so the bundle-free
 * server and the tests see exactly the same set. Names sort in the order they must run.
 */
const migrations: Record<string, Migration> = {
  '001-enquiries': enquiries,
  '002-staff': staff,
  '003-health-probe': healthProbe,
  '004-spam': spam,
  '005-outbox-failures': outboxFailures,
  '006-one-vocabulary': oneVocabulary,
  '007-preferred-call-time': preferredCallTime,
  '009-erasure': erasure,
  '010-guardian-confirmation': guardianConfirmation,
  '011-staff-accounts': staffAccounts,
  '012-audit-trail': auditTrail,
  '013-staff-links': staffLinks,
  '014-two-step-login': twoStepLogin,
  '015-staff-mail': staffMail,
  '016-site-content': siteContent,
  '017-photos': photos,
  '018-login-failures-per-account': loginFailuresPerAccount,
  '019-two-step-setup-time': twoStepSetupTime,
  '020-admission-pipeline': admissionPipeline,
  '021-follow-up-mail': followUpMail,
  '022-visits': visits,
  '023-admission-milestones': admissionMilestones,
  '024-school-holidays': schoolHolidays,
  '025-one-time-codes': oneTimeCodes,
  '026-tamil-nadu-holidays': tamilNaduHolidays,
  '027-visited-milestone': visitedMilestone,
  '028-message-ids': messageIds,
  '029-visit-booking-sources': visitBookingSources,
  '030-history-visit-time': historyVisitTime,
  '031-parents-corner': parentsCorner,
  '032-parent-events-documents': parentEventsDocuments,
  '033-parents-office': parentsOffice,
  '034-parents-private': parentsPrivate,
  '035-parent-sign-in-codes': parentSignInCodes,
  '036-notice-digest': noticeDigest,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
