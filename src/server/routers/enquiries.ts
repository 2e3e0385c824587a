import { admissionSubmissionSchema, contactSubmissionSchema } from '../../shared/enquiries/submissions';
import { publicProcedure, router, type Context } from '../trpc';

const origin = (ctx: Context) => ({ ip: ctx.clientIp, userAgent: ctx.userAgent });

/**
 * The two public enquiry forms. Input is validated here with the shared schemas (the same the
 * forms check in the browser). The REST adapters (http/enquiryRest.ts) call these same procedures.
 */
export const enquiriesRouter = router({
  /** Called when a form is shown: the fill-time token and the reCAPTCHA site key (null when off). */
  formSession: publicProcedure.query(({ ctx }) => {
    ctx.res.setHeader('Cache-Control', 'no-store');
    return ctx.services.enquiries.formSession();
  }),
  submitContact: publicProcedure
    .input(contactSubmissionSchema)
    .mutation(({ ctx, input }) => ctx.services.enquiries.submitContact(input, origin(ctx))),
  submitAdmission: publicProcedure
    .input(admissionSubmissionSchema)
    .mutation(({ ctx, input }) => ctx.services.enquiries.submitAdmission(input, origin(ctx))),
});
