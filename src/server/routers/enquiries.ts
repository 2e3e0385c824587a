import type { Request } from 'express';
import { z } from 'zod';
import type { AdmissionFormInput } from '../../shared/enquiries/admissionForm';
import type { ContactFormInput } from '../../shared/enquiries/contactForm';
import type { EnquiryEnvelope } from '../../shared/enquiries/envelope';
import type { SubmissionChannel, SubmissionOrigin } from '../enquiries/submissionService';
import { publicProcedure, router, type Context } from '../trpc';

export type ContactSubmissionInput = ContactFormInput & EnquiryEnvelope;
export type AdmissionSubmissionInput = AdmissionFormInput & EnquiryEnvelope;

/**
 * The procedures only check that an object arrived; the enquiry service validates it with the
 * shared form schemas. Validation happens there, after the rate limit, and against the service's
 * clock (the birth-date window is checked against the day the request arrives).
 */
const enquiryInput = <Input>() =>
  z.custom<Input>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), 'Please send the form fields.');

/** tRPC is the forms' own path; the REST adapters serve HTML form posts (no JavaScript) and JSON clients. */
function channelOf(req: Request): SubmissionChannel {
  if (req.originalUrl.startsWith('/api/trpc/')) return 'form';
  return req.is('application/x-www-form-urlencoded') ? 'form-post' : 'api';
}

const origin = (ctx: Context): SubmissionOrigin => ({ ip: ctx.clientIp, userAgent: ctx.userAgent, channel: channelOf(ctx.req) });

/** The two public enquiry forms. The REST adapters (http/enquiryRest.ts) call these same procedures. */
export const enquiriesRouter = router({
  /** Called when a form is shown: the fill-time token and the reCAPTCHA site key (null when off). */
  formSession: publicProcedure.query(({ ctx }) => {
    ctx.res.setHeader('Cache-Control', 'no-store');
    return ctx.services.enquiries.formSession();
  }),
  submitContact: publicProcedure
    .input(enquiryInput<ContactSubmissionInput>())
    .mutation(({ ctx, input }) => ctx.services.enquiries.submitContact(input, origin(ctx))),
  submitAdmission: publicProcedure
    .input(enquiryInput<AdmissionSubmissionInput>())
    .mutation(({ ctx, input }) => ctx.services.enquiries.submitAdmission(input, origin(ctx))),
});
