import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { school } from '../../content/school';
import type { EnquiryEnvelope } from '../../shared/enquiries/envelope';
import type { admissionSubmissionSchema, contactSubmissionSchema } from '../../shared/enquiries/submissions';
import { enquiryForms, type EnquiryFormName } from '../../shared/enquiries/formPostResult';
import { enquiryOutcomeMessages } from '../../shared/enquiries/outcomeMessages';
import type { Config } from '../config';
import type { Logger } from '../log';
import { admissionMessages, contactMessages } from '../mail/templates';
import type { OutboxWorker } from '../mail/outboxWorker';
import type { EnquiryRepository, InsertOutcome, OutboxMessage } from '../storage/enquiries';
import type { FormTokens } from './formToken';
import type { RateLimiter } from './rateLimiter';
import { verifyRecaptcha } from './recaptcha';

/** Who sent the request, kept with the enquiry for abuse handling. */
export type SubmissionOrigin = { ip: string; userAgent: string | undefined };

export type SubmissionReceipt = { id: number; received: true };

/** Enquiries as the procedures hand them over, validated. */
export type ContactSubmission = z.output<typeof contactSubmissionSchema>;
export type AdmissionSubmission = z.output<typeof admissionSubmissionSchema>;

export type EnquiryService = {
  /** What a form needs when it is shown: the fill-time token and, when reCAPTCHA is on, its site key. */
  formSession(): Promise<{ formToken: string; recaptchaSiteKey: string | null }>;
  submitContact(form: ContactSubmission, origin: SubmissionOrigin): Promise<SubmissionReceipt>;
  submitAdmission(form: AdmissionSubmission, origin: SubmissionOrigin): Promise<SubmissionReceipt>;
};

const schoolPhone = school.phones[0].display;

/** The visitor-facing messages of the server's refusals; each gives the school's phone number as a way round. */
export const submissionMessages = {
  keyReused: 'This Idempotency-Key was already used for a different enquiry. Use a new key for a new enquiry.',
  rateLimited: (minutes: number) =>
    `Too many enquiries have been sent from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or call us on ${schoolPhone}.`,
  notAPerson: `We could not confirm that this enquiry was sent by a person. Please try again, or call us on ${schoolPhone}.`,
  failed: {
    contact: `${enquiryOutcomeMessages.contact.failure} Or call us on ${schoolPhone}.`,
    admission: `${enquiryOutcomeMessages.admission.failure} Or call us on ${schoolPhone}.`,
  } satisfies Record<EnquiryFormName, string>,
} as const;

/**
 * Answer for a submission dropped as spam (honeypot filled, sent too fast): it looks like
 * success so the sender learns nothing, and nothing is stored.
 */
const silentlyDropped: SubmissionReceipt = { id: 0, received: true };

export type EnquiryServiceDeps = {
  config: Config;
  repository: EnquiryRepository;
  rateLimiter: RateLimiter;
  formTokens: FormTokens;
  /** Undefined when mail is off (no SMTP_URL): enquiries are stored without outbox rows. */
  outbox: OutboxWorker | undefined;
  log: Logger;
  now: () => Date;
};

export function createEnquiryService(deps: EnquiryServiceDeps): EnquiryService {
  const { config, repository, rateLimiter, formTokens, outbox, log, now } = deps;
  const expectedHostname = new URL(config.publicUrl).hostname;
  const officeAddress = config.mail.smtpUrl ? config.mail.notifyEmail : undefined;

  function limitRate(origin: SubmissionOrigin) {
    const verdict = rateLimiter.consume(origin.ip);
    if (verdict.allowed) return;
    log.warn('Enquiry refused: rate limit', { ip: origin.ip, userAgent: origin.userAgent });
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: submissionMessages.rateLimited(Math.max(1, Math.ceil(verdict.retryAfterMs / 60_000))),
    });
  }

  /** Honeypot and fill time: true when the enquiry is spam and must be dropped without a word. */
  async function looksAutomated(form: EnquiryFormName, envelope: EnquiryEnvelope, origin: SubmissionOrigin): Promise<boolean> {
    if (envelope.website?.trim()) {
      log.warn('Enquiry dropped: honeypot filled', { form, ip: origin.ip, userAgent: origin.userAgent });
      return true;
    }
    if (!envelope.formToken) return false;
    const shownAt = await formTokens.issuedAt(envelope.formToken);
    if (!shownAt) {
      log.info('Form token not readable; fill-time check skipped', { form, ip: origin.ip });
      return false;
    }
    const fillMs = now().getTime() - shownAt.getTime();
    if (fillMs < config.enquiries.minFillMs) {
      log.warn('Enquiry dropped: sent too fast', { form, fillMs, ip: origin.ip, userAgent: origin.userAgent });
      return true;
    }
    return false;
  }

  async function checkRecaptcha(form: EnquiryFormName, envelope: EnquiryEnvelope, origin: SubmissionOrigin): Promise<void> {
    if (!config.recaptcha) return;
    const verdict = await verifyRecaptcha(
      config.recaptcha,
      { action: enquiryForms[form].recaptchaAction, hostname: expectedHostname },
      envelope.token,
      origin.ip,
    );
    if (verdict.outcome === 'passed') return;
    if (verdict.outcome === 'unverified') {
      log.warn('reCAPTCHA not verified; enquiry accepted', { form, reason: verdict.reason, ip: origin.ip });
      return;
    }
    log.warn('Enquiry refused: reCAPTCHA verdict', { form, reason: verdict.reason, ip: origin.ip, userAgent: origin.userAgent });
    throw new TRPCError({ code: 'FORBIDDEN', message: submissionMessages.notAPerson });
  }

  async function store(form: EnquiryFormName, write: () => Promise<InsertOutcome>): Promise<SubmissionReceipt> {
    let outcome: InsertOutcome;
    try {
      outcome = await write();
    } catch (error) {
      log.error('Enquiry could not be stored', { form, error: String(error) });
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: submissionMessages.failed[form], cause: error });
    }
    if (outcome.result === 'created') {
      log.info('Enquiry stored', { form, id: outcome.id });
      outbox?.kick();
    } else if (outcome.result === 'repeated') {
      log.info('Duplicate enquiry ignored (same idempotency key)', { form, id: outcome.id });
    } else {
      log.warn('Enquiry refused: idempotency key reused for other content', { form, id: outcome.id });
      throw new TRPCError({ code: 'CONFLICT', message: submissionMessages.keyReused });
    }
    return { id: outcome.id, received: true };
  }

  const mailFor = <Row>(compose: (row: Row, office: string) => OutboxMessage[]) =>
    (row: Row): OutboxMessage[] => (officeAddress ? compose(row, officeAddress) : []);

  return {
    async formSession() {
      return { formToken: await formTokens.issue(), recaptchaSiteKey: config.recaptcha?.siteKey ?? null };
    },

    async submitContact(form, origin) {
      limitRate(origin);
      if (await looksAutomated('contact', form, origin)) return silentlyDropped;
      await checkRecaptcha('contact', form, origin);
      return store('contact', () =>
        repository.insertContact(
          {
            created_at: now().toISOString(),
            name: form.name,
            email: form.email,
            country_code: form.countryCode,
            phone: form.phone,
            type: form.type,
            message: form.message,
            ip: origin.ip,
            user_agent: origin.userAgent?.slice(0, 500) ?? null,
            idempotency_key: form.idempotencyKey,
          },
          mailFor((row, office) => contactMessages(row, { office })),
        ),
      );
    },

    async submitAdmission(form, origin) {
      limitRate(origin);
      if (await looksAutomated('admission', form, origin)) return silentlyDropped;
      await checkRecaptcha('admission', form, origin);
      return store('admission', () =>
        repository.insertAdmission(
          {
            created_at: now().toISOString(),
            student_name: form.studentName,
            birth_date: form.birthDate,
            parent_name: form.parentName,
            email: form.email,
            country_code: form.countryCode,
            phone: form.phone,
            program: form.programOfInterest,
            message: form.message,
            ip: origin.ip,
            user_agent: origin.userAgent?.slice(0, 500) ?? null,
            idempotency_key: form.idempotencyKey,
          },
          mailFor((row, office) => admissionMessages(row, { office }, now())),
        ),
      );
    },
  };
}
