import type { SchoolContact } from '#content/schoolFacts.ts';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import type { Storage } from '#server/storage/database.ts';
import { auditWriter } from '#server/modules/audit/service.ts';
import { keptSecret } from '#server/modules/staff/service.ts';
import {
  BOOKING_TOKEN_SECRET_NAME,
  bookingTokenKey,
  createBookingTokens,
  generateBookingTokenSecret,
  type BookingTokens,
} from './bookingToken';
import { createVisitRepository } from './repository';
import { createVisitReminders, type VisitReminders } from './visitReminders';
import { createVisitService, type VisitService, type AdmissionEnquiries } from './service';

export type VisitServices = { visits: VisitService; visitReminders: VisitReminders | undefined };

/**
 * The booking links' keys: one per SESSION_SECRET (the first signs), or a secret generated once
 * and kept with the data. Either way a restart keeps the links already sent.
 */
export async function bookingTokens(config: Config, storage: Storage): Promise<BookingTokens> {
  const secrets =
    config.admin.sessionSecrets.length > 0
      ? config.admin.sessionSecrets
      : [await keptSecret(storage, BOOKING_TOKEN_SECRET_NAME, generateBookingTokenSecret, new Date().toISOString())];
  return createBookingTokens(secrets.map(bookingTokenKey));
}

/** The booking page's service and the day-before reminders (which do nothing while mail is off). */
export function createVisitServices({
  config,
  storage,
  tokens,
  log,
  now,
  schoolContact,
  kickOutbox,
  enquiries,
}: {
  config: Config;
  storage: Storage;
  tokens: BookingTokens;
  log: Logger;
  now: () => Date;
  schoolContact: () => Promise<SchoolContact>;
  /** Undefined while mail is off. */
  kickOutbox: (() => void) | undefined;
  /** The enquiries service: a visit's emails are written to the family of its admission enquiry. */
  enquiries: AdmissionEnquiries;
}): VisitServices {
  const repository = createVisitRepository(storage.db);
  const visits = createVisitService({
    repository,
    enquiries,
    pipeline: repository.pipeline,
    tokens,
    publicUrl: config.publicUrl,
    mailOn: kickOutbox !== undefined,
    officeEmail: config.mail.notifyEmail,
    kickOutbox: () => kickOutbox?.(),
    schoolContact,
    log,
    audit: auditWriter(storage),
  });
  const visitReminders = kickOutbox
    ? createVisitReminders({ repository, enquiries, manageUrl: visits.bookingUrl, schoolContact, kickOutbox, log, now })
    : undefined;
  return { visits, visitReminders };
}
