import { createBackupSchedule, type BackupSchedule } from './modules/backups/service';
import { createStaffAuth, type StaffAccounts, type StaffAuth } from '#server/modules/staff/service.ts';
import { wireStaffAccounts } from './modules/staff/wiring';
import type { Config } from './config';
import { createEnquiryServices, type EnquiryServices } from './modules/enquiries/wiring';
import type { Logger } from './log';
import type { PrivacyService, RetentionPurge } from './modules/privacy/service';
import { createPrivacyServices } from './modules/privacy/wiring';
import { createContentServices, type ContentServices } from './modules/content/wiring';
import { photosDir } from './modules/photos/photoFiles';
import type { PhotoLibrary } from './modules/photos/service';
import { createPhotoServices } from './modules/photos/wiring';
import type { Storage } from './storage/database';
import { createFollowUpServices, type FollowUpServices } from './modules/followUps/wiring';
import type { AdmissionsService } from './modules/admissions/service';
import { wireAdmissions } from './modules/admissions/wiring';
import { bookingUrl } from '#shared/admissions/visits.ts';
import { bookingTokens, createVisitServices, type VisitServices } from './modules/visits/wiring';
import { createParentsService, type ParentsService } from './modules/parents/service';
import { createMailService, type MailService } from './modules/mail/service';

/**
 * Everything the procedures and adapters need, built once at start-up and handed to
 * createApp. Tests build their own with a temporary data folder.
 */
export type Services = {
  config: Config;
  storage: Storage;
  log: Logger;
  /** The clock, replaceable in tests (idle timeouts, retry backoff). */
  now: () => Date;
  /** The staff password and sessions of the dashboard. */
  staffAuth: StaffAuth;
  /** The Owner's staff page: accounts, links, roles and the two-step requirement. */
  staffAccounts: StaffAccounts;
  /** The enquiry forms' service, and the mail outbox worker (undefined when mail is off). */
  enquiries: EnquiryServices['enquiries'];
  mailOutbox: EnquiryServices['mailOutbox'];
  /** What the dashboard asks of mail: its status, and the emails refused for good, to send again. */
  mail: MailService;
  /** Suspicious enquiries, kept for the office to check (the dashboard's Spam tab). */
  spamFolder: EnquiryServices['spamFolder'];
  /** The office's work on the enquiries: lists, changes, history, exports. */
  workbench: EnquiryServices['workbench'];
  stopEnquiries: EnquiryServices['stop'];
  /** Backups taken by the server itself (BACKUP_INTERVAL_HOURS). */
  backups: BackupSchedule;
  /** The daily purge of closed enquiries and sent email copies past their retention period. */
  retention: RetentionPurge;
  /** A person's requests about their data: finding, erasing and exporting it. */
  privacy: PrivacyService;
  /** The pages served, re-rendered when staff publish site content (issue 11). */
  sitePublisher: ContentServices['sitePublisher'];
  content: ContentServices['content'];
  /** The office's uploaded photos and their processed copies (issue 11). */
  photos: PhotoLibrary;
  /** The office's 8 AM email of follow-ups due (issue 24), while mail is on. */
  morningMail: FollowUpServices['morningMail'];
  /** Follow-ups of admission enquiries: the card, "Due today", the first date and the date after a visit, the school's holidays (issue 24). */
  followUps: FollowUpServices['followUps'];
  /** The admissions pipeline: stage moves, the board by stage and the head's report (issue 24). */
  admissions: AdmissionsService;
  /** The families' own visit bookings (issue 24 §2), and their day-before reminders (undefined while mail is off). */
  visits: VisitServices['visits'];
  visitReminders: VisitServices['visitReminders'];
  /** The Parents' Corner: families, their sign-in and the office's notices (issue 37). */
  parents: ParentsService;
};

export async function createServices(config: Config, storage: Storage, log: Logger): Promise<Services> {
  const staffAuth = await createStaffAuth(config, storage, log, () => services.mailOutbox?.kick());
  // Background work reads the clock through `services.now`, so a test that replaces it moves them too.
  const now = () => services.now();
  // The publisher holds the published content: the emails are written with its school facts.
  const contentServices = createContentServices({ config, storage, log, now });
  const { sitePublisher } = contentServices;
  const tokens = await bookingTokens(config, storage);
  const enquiryServices = await createEnquiryServices({
    config,
    storage,
    log,
    now,
    schoolContact: sitePublisher.schoolContact,
    bookingLink: (id, issuedAt) => bookingUrl(config.publicUrl, tokens.issue(id, issuedAt)),
    // Built below, once the outbox it mails the morning list through exists; asked only once requests come.
    followUps: { firstFollowUp: (at) => services.followUps.firstFollowUp(at) },
  });
  const mailOutbox = enquiryServices.mailOutbox;
  const visitServices = createVisitServices({
    config,
    storage,
    tokens,
    log,
    now,
    schoolContact: sitePublisher.schoolContact,
    kickOutbox: mailOutbox && (() => mailOutbox.kick()),
    enquiries: enquiryServices.enquiries,
  });
  const services: Services = {
    config,
    storage,
    log,
    now: () => new Date(),
    staffAuth,
    staffAccounts: wireStaffAccounts({
      storage,
      links: { config, mailOutbox, sitePublisher },
      twoStepIsOn: (accountId) => staffAuth.twoStep.isOn(accountId),
    }),
    enquiries: enquiryServices.enquiries,
    mailOutbox: enquiryServices.mailOutbox,
    mail: createMailService({ storage, outbox: mailOutbox, log }),
    spamFolder: enquiryServices.spamFolder,
    workbench: enquiryServices.workbench,
    stopEnquiries: enquiryServices.stop,
    backups: createBackupSchedule({
      backups: config.backups,
      photos: photosDir(config.dataDir),
      database: storage.sqlite,
      log,
      now,
    }),
    ...createPrivacyServices({
      config,
      storage,
      log,
      now,
      // Built below; asked only once requests come (and the purge starts).
      parents: {
        familiesOfPerson: (lookup) => services.parents.familiesOfPerson(lookup),
        familyDataOfPerson: (at, lookup, chosen) => services.parents.familyDataOfPerson(at, lookup, chosen),
        eraseFamilies: (ids) => services.parents.eraseFamilies(ids),
        eraseRemovedFamilies: (at) => services.parents.eraseRemovedFamilies(at),
      },
      visitBookings: visitServices.visits.bookingsOf,
    }),
    ...contentServices,
    ...createPhotoServices({ config, storage, log }),
    ...createFollowUpServices({
      config,
      storage,
      outbox: mailOutbox,
      openBooking: visitServices.visits.openBooking,
      log,
      now,
    }),
    ...visitServices,
    admissions: wireAdmissions({
      storage,
      // The follow-ups' service, built in this same object: asked only once requests come.
      afterMove: (id, moved, when) => services.followUps.afterMove(id, moved, when),
      findListed: enquiryServices.workbench.findListed,
    }),
    parents: createParentsService({
      config,
      storage,
      log,
      now,
      mailOutbox,
      sitePublisher,
      enquiries: enquiryServices.enquiries,
    }),
  };
  enquiryServices.start();
  services.backups.start();
  services.retention.start();
  services.sitePublisher.start();
  services.morningMail.start();
  services.visitReminders?.start();
  services.parents.start();
  return services;
}

/** Stops background work and closes the database. */
export async function closeServices(services: Services): Promise<void> {
  services.parents.stop();
  await services.morningMail.stop();
  await services.visitReminders?.stop();
  await services.stopEnquiries();
  await services.backups.stop();
  await services.retention.stop();
  await services.sitePublisher.stop();
  await services.storage.close();
}
