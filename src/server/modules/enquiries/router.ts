import type { Request } from 'express';
import { admissionEnquiryRequestSchema, contactEnquiryRequestSchema } from '#shared/enquiries/requests.ts';
import type { EnquiryChannel, EnquiryOrigin } from './service';
import { publicProcedure, router, type Context } from '#server/trpc.ts';

/** tRPC is the forms' own path; the REST adapters serve HTML form posts (no JavaScript) and JSON clients. */
function channelOf(req: Request): EnquiryChannel {
  if (req.originalUrl.startsWith('/api/trpc/')) return 'form';
  return req.is('application/x-www-form-urlencoded') ? 'form-post' : 'api';
}

const origin = (ctx: Context): EnquiryOrigin => ({
  userAgent: ctx.userAgent,
  channel: channelOf(ctx.req),
});

/**
 * The two public enquiry forms. Input is validated here with the shared schemas (the same the
 * forms check in the browser). The REST adapters (rest.ts) call these same procedures.
 */
export const enquiriesRouter = router({
  /** Called when a form is shown: the fill-time token, the shortest fill it allows, and the reCAPTCHA site key (null when off). */
  formSession: publicProcedure.query(({ ctx }) => {
    ctx.res.setHeader('Cache-Control', 'no-store');
    return ctx.services.enquiries.formSession();
  }),
  submitContact: publicProcedure
    .input(contactEnquiryRequestSchema)
    .mutation(({ ctx, input }) => ctx.services.enquiries.submitContact(ctx.scope, input, origin(ctx))),
  submitAdmission: publicProcedure
    .input(admissionEnquiryRequestSchema)
    .mutation(({ ctx, input }) => ctx.services.enquiries.submitAdmission(ctx.scope, input, origin(ctx))),
});
