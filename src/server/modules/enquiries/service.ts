import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { SchoolContact } from '#content/schoolFacts.ts';
import type { EnquiryEnvelope } from '#shared/enquiries/envelope.ts';
import type { admissionEnquiryRequestSchema, contactEnquiryRequestSchema } from '#shared/enquiries/requests.ts';
import { enquiryForms } from '#shared/enquiries/formPostResult.ts';
import type { EnquiryKind } from '#shared/enquiries/kinds.ts';
import { enquiryOutcomeMessages } from '#shared/enquiries/outcomeMessages.ts';
import type { SpamReason } from '#shared/dashboard/index.ts';
import type { AdmissionStage } from '#shared/admissions/stages.ts';
import type { ProgramName } from '#content/programNames.ts';
import { loginClientKey } from '#server/modules/staff/service.ts';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/log.ts';
import type { OutboxWorker } from '#server/modules/mail/service.ts';
import type { RequestScope } from '#server/requestScope.ts';
import { newEnquiryRow, type EnquiryReceipt, type EnquiryRepository, type InsertOutcome } from './repository';
import { answersOf, type AdmissionEnquiry } from '#shared/enquiries/enquiry.ts';
import { storedSpamReasons, type ComposeEnquiryMail } from './spamRepository';
import { enquiryMail, type BookingLinkOf } from './enquiryMail';
import type { FormTokens } from './formToken';
import type { RateLimiter } from './rateLimiter';
import { verifyRecaptcha } from './recaptcha';

export type { PipelinePlace, When } from './pipelineRepository';

/** What the enquiries ask of the follow-ups (handed in by services.ts): the first follow-up's date (YYYY-MM-DD) of an admission enquiry received at `at`. */
export type FirstFollowUp = { firstFollowUp(at: string): Promise<string> };

/**
 * The door an enquiry came through: the site's forms with their script (tRPC), an HTML form
 * posted without JavaScript, or JSON to the REST paths (an integrator's client).
 */
export type EnquiryChannel = 'form' | 'form-post' | 'api';

/** The sender's browser, kept with the enquiry for abuse handling, and the door it came through. */
export type EnquiryOrigin = { userAgent: string | undefined; channel: EnquiryChannel };

/** The origin with the sender's address, which comes in the request's scope. */
type Sender = EnquiryOrigin & { ip: string };

export type EnquiryReceived = { id: number; received: true };

/** An admission enquiry's answer also carries the link where the family books a visit (issue 24 §2). */
export type AdmissionReceived = EnquiryReceived & { bookingUrl: string };

/** Enquiries as the procedures hand them over, validated. */
export type ContactEnquiryRequest = z.output<typeof contactEnquiryRequestSchema>;
export type AdmissionEnquiryRequest = z.output<typeof admissionEnquiryRequestSchema>;

export type EnquiryService = {
  /** What a form needs when it is shown: the fill-time token and, when reCAPTCHA is on, its site key. */
  /** `minFillMs`: the shortest fill the check allows, so a form whose token came late can wait it out. */
  formSession(): Promise<{ formToken: string; recaptchaSiteKey: string | null; minFillMs: number }>;
  submitContact(scope: RequestScope, form: ContactEnquiryRequest, origin: EnquiryOrigin): Promise<EnquiryReceived>;
  submitAdmission(
    scope: RequestScope,
    form: AdmissionEnquiryRequest,
    origin: EnquiryOrigin,
  ): Promise<AdmissionReceived>;
  /** An admission enquiry's family and stage, as the Parents' Corner invites it; undefined for none (or one in the Spam folder). */
  admissionFamily(id: number): Promise<AdmissionFamily | undefined>;
  /** An admission enquiry as stored, for the emails of its visits; undefined for none. */
  findAdmission(id: number): Promise<AdmissionEnquiry | undefined>;
};

export type AdmissionFamily = {
  stage: AdmissionStage;
  parentName: string;
  email: string;
  phone: string;
  childName: string;
  program: ProgramName;
};

/** The visitor-facing messages of the server's refusals; each gives the school's published admissions number as a way round. */
export const enquiryRefusals = {
  keyReused: 'This Idempotency-Key was already used for a different enquiry. Use a new key for a new enquiry.',
  rateLimited: (minutes: number, contact: SchoolContact) =>
    `Too many enquiries have been sent from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us on ${contact.phones[0].display}.`,
  failed: (form: EnquiryKind, contact: SchoolContact) =>
    `${enquiryOutcomeMessages[form].failure} Or call us on ${contact.phones[0].display}.`,
  /** A storage failure expected to pass (503): nothing was stored, and sending again later will do. */
  unavailable: (contact: SchoolContact) =>
    `Your enquiry was not received: our website cannot store it just now. Please try again in a few minutes, or call us on ${contact.phones[0].display}.`,
} as const;

/**
 * Whether an enquiry without a form token is suspicious, by the door it came through. The site's
 * forms always get one when they are shown. A form posted without JavaScript has none: the page
 * is prerendered, and on a slow connection a parent can send it before the script arrives, so
 * its enquiry must reach the office (the honeypot and the rate limit still apply). A client of
 * the JSON API never sees a form.
 */
const formTokenExpected: Record<EnquiryChannel, boolean> = { form: true, 'form-post': false, api: false };

export type EnquiryServiceDeps = {
  config: Config;
  repository: EnquiryRepository;
  rateLimiter: RateLimiter;
  formTokens: FormTokens;
  /** Undefined when mail is off (no SMTP_URL): enquiries are stored without outbox rows. */
  outbox: OutboxWorker | undefined;
  log: Logger;
  /** The school's facts as published now (the site publisher holds them), for the emails and the refusals. */
  schoolContact: () => Promise<SchoolContact>;
  bookingUrl: BookingLinkOf;
  /** The first follow-up of an admission enquiry that reaches the office (not one set aside as spam). */
  followUps: FirstFollowUp;
};

export function createEnquiryService(deps: EnquiryServiceDeps): EnquiryService {
  const { config, repository, rateLimiter, formTokens, outbox, log, schoolContact, bookingUrl, followUps } = deps;
  const expectedHostname = new URL(config.publicUrl).hostname;

  async function limitRate(origin: Sender) {
    // An IPv6 client usually holds a whole /64 and could rotate through it: the /64 counts as one.
    const client = loginClientKey(origin.ip);
    const verdict = rateLimiter.consume(client);
    if (verdict.allowed) return;
    log.warn('Enquiry refused: rate limit', { client, ip: origin.ip, userAgent: origin.userAgent });
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: enquiryRefusals.rateLimited(
        Math.max(1, Math.ceil(verdict.retryAfterMs / 60_000)),
        await schoolContact(),
      ),
    });
  }

  /** The form token's verdict: missing, not ours, stale, used by another enquiry, or sent too soon after the form was shown. */
  async function formTokenReasons(at: Date, envelope: EnquiryEnvelope, origin: Sender): Promise<SpamReason[]> {
    if (!envelope.formToken) return formTokenExpected[origin.channel] ? ['no-form-token'] : [];
    const token = await formTokens.read(envelope.formToken);
    if (token.state === 'invalid') return ['invalid-form-token'];
    if (token.state === 'stale') return ['stale-form-token'];
    const reasons: SpamReason[] = [];
    if (at.getTime() - token.shownAt.getTime() < config.enquiries.minFillMs) reasons.push('too-fast');
    if (!(await formTokens.use(token, envelope.idempotencyKey))) reasons.push('reused-form-token');
    return reasons;
  }

  /** Google's verdict, when reCAPTCHA is on. No verdict at all (no token, verifier down) is logged and tolerated. */
  async function recaptchaReasons(form: EnquiryKind, envelope: EnquiryEnvelope, origin: Sender): Promise<SpamReason[]> {
    if (!config.recaptcha) return [];
    const verdict = await verifyRecaptcha(
      config.recaptcha,
      { action: enquiryForms[form].recaptchaAction, hostname: expectedHostname },
      envelope.token,
      origin.ip,
    );
    if (verdict.outcome === 'passed') return [];
    if (verdict.outcome === 'unverified') {
      log.warn('reCAPTCHA not verified; enquiry accepted', { form, reason: verdict.detail, ip: origin.ip });
      return [];
    }
    log.info('reCAPTCHA verdict against the enquiry', { form, reason: verdict.detail, ip: origin.ip });
    return [verdict.reason];
  }

  /**
   * Why the enquiry looks automated; empty when it does not. A suspicious enquiry is stored in the
   * Spam folder with these reasons, without emails, and the sender is answered as for any other.
   * Google is asked only when nothing else gave it away.
   */
  async function spamReasons(
    at: Date,
    form: EnquiryKind,
    envelope: EnquiryEnvelope,
    origin: Sender,
  ): Promise<SpamReason[]> {
    const reasons: SpamReason[] = envelope.website?.trim() ? ['honeypot'] : [];
    reasons.push(...(await formTokenReasons(at, envelope, origin)));
    if (reasons.length === 0) reasons.push(...(await recaptchaReasons(form, envelope, origin)));
    if (reasons.length > 0)
      log.warn('Enquiry looks automated; stored in the Spam folder', {
        form,
        reasons,
        channel: origin.channel,
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
    return reasons;
  }

  /** Stores the enquiry with its emails (none for spam), written with the school's facts as published now. */
  async function store(
    at: Date,
    form: EnquiryKind,
    spam: SpamReason[],
    write: (mail: ComposeEnquiryMail) => Promise<InsertOutcome>,
  ): Promise<EnquiryReceived> {
    const contact = await schoolContact();
    let outcome: InsertOutcome;
    try {
      outcome = await write(spam.length > 0 ? noMail : enquiryMail(config, at, contact, bookingUrl));
    } catch (error) {
      log.error('Enquiry could not be stored', { form, error: String(error) });
      throw new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message: enquiryRefusals.failed(form, contact),
        cause: error,
      });
    }
    if (outcome.result === 'created') {
      log.info('Enquiry stored', { form, id: outcome.id });
      outbox?.kick();
    } else if (outcome.result === 'repeated') {
      log.info('Duplicate enquiry ignored (same idempotency key)', { form, id: outcome.id });
    } else {
      log.warn('Enquiry refused: idempotency key reused for other content', { form, id: outcome.id });
      throw new TRPCError({ code: 'CONFLICT', message: enquiryRefusals.keyReused });
    }
    return { id: outcome.id, received: true };
  }

  const noMail: ComposeEnquiryMail = { contact: () => [], admission: () => [] };

  const receipt = (at: Date, envelope: EnquiryEnvelope, origin: Sender, spam: SpamReason[]): EnquiryReceipt => ({
    createdAt: at.toISOString(),
    ip: origin.ip,
    userAgent: origin.userAgent,
    idempotencyKey: envelope.idempotencyKey,
    spamReasons: storedSpamReasons(spam),
  });

  return {
    async formSession() {
      return {
        formToken: await formTokens.issue(),
        recaptchaSiteKey: config.recaptcha?.siteKey ?? null,
        minFillMs: config.enquiries.minFillMs,
      };
    },

    async submitContact({ at, clientIp }, request, door) {
      const origin: Sender = { ...door, ip: clientIp };
      await limitRate(origin);
      const spam = await spamReasons(at, 'contact', request, origin);
      const row = newEnquiryRow('contact', answersOf('contact', request), receipt(at, request, origin, spam));
      return store(at, 'contact', spam, (mail) => repository.insertContact(row, mail.contact));
    },

    async submitAdmission({ at, clientIp }, request, door) {
      const origin: Sender = { ...door, ip: clientIp };
      await limitRate(origin);
      const spam = await spamReasons(at, 'admission', request, origin);
      const row = newEnquiryRow('admission', answersOf('admission', request), receipt(at, request, origin, spam));
      // Spam gets its follow-up when the office takes it out of the folder (the Spam folder's release).
      const followUpOn = spam.length > 0 ? null : await followUps.firstFollowUp(row.created_at);
      const received = await store(at, 'admission', spam, (mail) =>
        repository.insertAdmission(row, mail.admission, followUpOn),
      );
      // Set aside or not, the answer looks the same; the page of a set-aside enquiry books nothing.
      return { ...received, bookingUrl: bookingUrl(received.id, at) };
    },

    findAdmission: (id) => repository.findAdmission(id),
    async admissionFamily(id) {
      const [enquiry, place] = await Promise.all([repository.findAdmission(id), repository.pipelinePlace(id)]);
      if (!enquiry || !place) return undefined;
      return {
        stage: place.stage,
        parentName: enquiry.parentName,
        email: enquiry.email,
        phone: enquiry.phone,
        childName: enquiry.studentName,
        program: enquiry.programOfInterest,
      };
    },
  };
}
