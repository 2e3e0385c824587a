import { TRPCError } from '@trpc/server';
import { octetInputParser } from '@trpc/server/http';
import {
  editParentDocumentSchema,
  PARENT_DOCUMENT_MAX_BYTES,
  parentDocumentMessages,
  parentDocumentSchema,
} from '#shared/parents/documents.ts';
import { editParentEventSchema, parentEventMessages, parentEventSchema } from '#shared/parents/events.ts';
import {
  classChangeSchema,
  enquiryInvitationSchema,
  newFamilySchema,
  newGuardianSchema,
  newNoticeSchema,
  noticePreviewSchema,
  noticeChangeSchema,
  noticeMailSchema,
  officeMessages,
  parentChoosePasswordSchema,
  parentForgotSchema,
  parentLinkSchema,
  parentMessages,
  parentSignInSchema,
} from '#shared/parents/parentsCorner.ts';
import { changePasswordMessages, changePasswordSchema, staffAccountMessages } from '#shared/staff/accounts.ts';
import { z } from '#shared/zod.ts';
import { parentSessionCookieName, sessionCookieOptions } from '#server/modules/staff/service.ts';
import { tooManyAttemptsMessage } from '#shared/dashboard/staffAuth.ts';
import { readUpload, UploadTooLarge } from '#server/platform/readUpload.ts';
import { parentScope } from '#server/requestScope.ts';
import { middleware, router, staffAuthProcedure, staffProcedureWith, type Context } from '#server/trpc.ts';

const cookieOf = (ctx: Context) => {
  const token: unknown = ctx.req.cookies?.[parentSessionCookieName(ctx.services.config)];
  return typeof token === 'string' ? token : undefined;
};

/** A parent's session, checked on the server for each call; the staff cookie opens nothing here (decision 0054). */
const parentSignedIn = middleware(async ({ ctx, next }) => {
  const token = cookieOf(ctx);
  const guardian = await ctx.services.parents.guardianOf(ctx.scope, token);
  if (!guardian) {
    if (token !== undefined)
      ctx.res.clearCookie(parentSessionCookieName(ctx.services.config), sessionCookieOptions(ctx.services.config));
    throw new TRPCError({ code: 'UNAUTHORIZED', message: parentMessages.signedOut });
  }
  return next({ ctx: { guardian, scope: parentScope(ctx.scope, guardian) } });
});

const parentProcedure = staffAuthProcedure.use(parentSignedIn);
const officeProcedure = staffProcedureWith('parents');

const byId = z.object({ id: z.number().int().positive() });

/** An upload's bytes, or a plain sentence (413) past the limit: declared, or found while reading. */
async function documentUpload(ctx: Context, input: ReadableStream<Uint8Array>): Promise<Buffer> {
  const tooLarge = new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: parentDocumentMessages.tooLarge });
  if (Number(ctx.req.get('content-length') ?? 0) > PARENT_DOCUMENT_MAX_BYTES) throw tooLarge;
  try {
    return await readUpload(input, PARENT_DOCUMENT_MAX_BYTES);
  } catch (error) {
    if (error instanceof UploadTooLarge) throw tooLarge;
    throw error;
  }
}

/** The Parents' Corner: a parent's sign-in and view, and the office's families, notices, events and documents. */
export const parentsRouter = router({
  signIn: staffAuthProcedure.input(parentSignInSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.parents.signIn(ctx.scope, { ...input, userAgent: ctx.userAgent });
    if (result.outcome === 'throttled') {
      ctx.res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(result.retryAfterSeconds) });
    }
    if (result.outcome === 'invalid')
      throw new TRPCError({ code: 'UNAUTHORIZED', message: parentMessages.invalidSignIn });
    if (result.outcome === 'code-sent') throw new TRPCError({ code: 'UNAUTHORIZED', message: parentMessages.codeSent });
    if (result.outcome === 'invalid-code')
      throw new TRPCError({ code: 'UNAUTHORIZED', message: parentMessages.invalidCode });
    ctx.res.cookie(
      parentSessionCookieName(ctx.services.config),
      result.token,
      sessionCookieOptions(ctx.services.config, result.expiresAt),
    );
    return { name: result.name };
  }),

  signOut: staffAuthProcedure.mutation(async ({ ctx }) => {
    await ctx.services.parents.signOut(ctx.scope, cookieOf(ctx));
    ctx.res.clearCookie(parentSessionCookieName(ctx.services.config), sessionCookieOptions(ctx.services.config));
    return { signedOut: true };
  }),

  forgotPassword: staffAuthProcedure.input(parentForgotSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.parents.forgotPassword(ctx.scope, input.email);
    return { message: parentMessages.forgotAnswer };
  }),

  linkHolder: staffAuthProcedure.input(parentLinkSchema).query(async ({ ctx, input }) => {
    const holder = await ctx.services.parents.linkHolder(ctx.scope, input.token);
    if (!holder) throw new TRPCError({ code: 'NOT_FOUND', message: parentMessages.linkInvalid });
    return holder;
  }),

  choosePassword: staffAuthProcedure.input(parentChoosePasswordSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.parents.choosePassword(ctx.scope, input.token, input.password);
    if (result === 'invalid-link') throw new TRPCError({ code: 'NOT_FOUND', message: parentMessages.linkInvalid });
    if (result !== 'chosen') throw new TRPCError({ code: 'BAD_REQUEST', message: result.problem });
    return { message: parentMessages.passwordChosen };
  }),

  view: parentProcedure.query(({ ctx }) => ctx.services.parents.view(ctx.scope, ctx.guardian)),

  /** The page's first question: the view when this browser is signed in, else null (not a 401, which every browser logs as an error). */
  signedInView: staffAuthProcedure.query(async ({ ctx }) => {
    const guardian = await ctx.services.parents.guardianOf(ctx.scope, cookieOf(ctx));
    return guardian ? ctx.services.parents.view(ctx.scope, guardian) : null;
  }),

  markRead: parentProcedure
    .input(z.object({ noticeId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.parents.markRead(ctx.scope, ctx.guardian, input.noticeId)))
        throw new TRPCError({ code: 'NOT_FOUND', message: 'This notice is not there.' });
      return { read: true };
    }),

  devices: parentProcedure.query(({ ctx }) => ctx.services.parents.devices(ctx.scope, ctx.guardian)),

  /** The current password and a new one; a wrong current password counts as a failed sign-in. */
  changePassword: parentProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.parents.changePassword(ctx.scope, ctx.guardian, {
      ...input,
      userAgent: ctx.userAgent,
    });
    if (result.outcome === 'throttled') {
      ctx.res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(result.retryAfterSeconds) });
    }
    if (result.outcome === 'invalid')
      throw new TRPCError({ code: 'BAD_REQUEST', message: changePasswordMessages.currentWrong });
    if (result.outcome === 'refused') throw new TRPCError({ code: 'BAD_REQUEST', message: result.problem });
    ctx.res.cookie(
      parentSessionCookieName(ctx.services.config),
      result.token,
      sessionCookieOptions(ctx.services.config, result.expiresAt),
    );
    return { message: parentMessages.passwordChanged };
  }),

  /** The guardian's own choice: an email for each notice, or a weekly digest. */
  chooseNoticeMail: parentProcedure.input(noticeMailSchema).mutation(async ({ ctx, input }) => {
    await ctx.services.parents.chooseNoticeMail(ctx.scope, ctx.guardian, input.noticeMail);
    return { message: parentMessages.noticeMailSaved[input.noticeMail] };
  }),

  signOutEverywhere: parentProcedure.mutation(async ({ ctx }) => {
    await ctx.services.parents.signOutEverywhere(ctx.scope, ctx.guardian);
    ctx.res.clearCookie(parentSessionCookieName(ctx.services.config), sessionCookieOptions(ctx.services.config));
    return { message: parentMessages.signedOutEverywhere };
  }),

  families: officeProcedure.query(({ ctx }) => ctx.services.parents.families()),

  addFamily: officeProcedure.input(newFamilySchema).mutation(async ({ ctx, input }) => {
    const added = await ctx.services.parents.addFamily(ctx.scope, input);
    if (added === 'email-taken') throw new TRPCError({ code: 'CONFLICT', message: staffAccountMessages.emailTaken });
    return added;
  }),

  addGuardian: officeProcedure.input(newGuardianSchema).mutation(async ({ ctx, input }) => {
    const added = await ctx.services.parents.addGuardian(ctx.scope, input);
    if (added === 'email-taken') throw new TRPCError({ code: 'CONFLICT', message: staffAccountMessages.emailTaken });
    if (added === 'no-family') throw new TRPCError({ code: 'NOT_FOUND', message: officeMessages.noFamily });
    return added;
  }),

  changeClass: officeProcedure.input(classChangeSchema).mutation(async ({ ctx, input }) => {
    if (!(await ctx.services.parents.changeClass(ctx.scope, input.familyId, input.className)))
      throw new TRPCError({ code: 'NOT_FOUND', message: officeMessages.noFamily });
    return { changed: true };
  }),

  inviteFromEnquiry: officeProcedure.input(enquiryInvitationSchema).mutation(async ({ ctx, input }) => {
    const invited = await ctx.services.parents.inviteFromEnquiry(ctx.scope, input.enquiryId, input.className);
    if ('refused' in invited) throw new TRPCError({ code: 'CONFLICT', message: invited.refused });
    return invited;
  }),

  enquiryInvitation: officeProcedure
    .input(z.object({ enquiryId: z.number().int().positive() }))
    .query(async ({ ctx, input }) => (await ctx.services.parents.invitationOf(input.enquiryId)) ?? null),

  resendInvitation: officeProcedure
    .input(z.object({ guardianId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.parents.resendInvitation(ctx.scope, input.guardianId)))
        throw new TRPCError({ code: 'NOT_FOUND', message: officeMessages.noGuardian });
      return { sent: true };
    }),

  removeFamily: officeProcedure
    .input(z.object({ familyId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.parents.removeFamily(ctx.scope, input.familyId)))
        throw new TRPCError({ code: 'NOT_FOUND', message: officeMessages.noFamily });
      return { removed: true };
    }),

  notices: officeProcedure.query(({ ctx }) => ctx.services.parents.notices()),

  noticeReaders: officeProcedure
    .input(z.object({ noticeId: z.number().int().positive() }))
    .query(({ ctx, input }) => ctx.services.parents.readers(input.noticeId)),

  publishNotice: officeProcedure.input(newNoticeSchema).mutation(async ({ ctx, input }) => {
    const id = await ctx.services.parents.publishNotice(ctx.scope, input);
    if (id === 'past') throw new TRPCError({ code: 'BAD_REQUEST', message: officeMessages.publishAtPast });
    return { id };
  }),

  /** A new private address for the guardian's calendar feed; the old one stops at once. */
  replaceCalendarFeed: parentProcedure.mutation(async ({ ctx }) => ({
    calendarFeedUrl: await ctx.services.parents.replaceCalendarFeed(ctx.scope),
  })),

  events: officeProcedure.query(({ ctx }) => ctx.services.parents.events()),

  addEvent: officeProcedure.input(parentEventSchema).mutation(async ({ ctx, input }) => ({
    id: await ctx.services.parents.addEvent(ctx.scope, input),
  })),

  editEvent: officeProcedure.input(editParentEventSchema).mutation(async ({ ctx, input: { id, ...event } }) => {
    if (!(await ctx.services.parents.editEvent(ctx.scope, id, event)))
      throw new TRPCError({ code: 'NOT_FOUND', message: parentEventMessages.gone });
    return { id };
  }),

  removeEvent: officeProcedure.input(byId).mutation(async ({ ctx, input }) => {
    if (!(await ctx.services.parents.removeEvent(ctx.scope, input.id)))
      throw new TRPCError({ code: 'NOT_FOUND', message: parentEventMessages.gone });
    return { removed: true };
  }),

  documents: officeProcedure.query(({ ctx }) => ctx.services.parents.documents()),

  /** A PDF as the body (application/octet-stream), checked by its bytes; a document takes it by the id answered. */
  uploadDocumentFile: officeProcedure
    .meta({ fileInput: true })
    .input(octetInputParser)
    .mutation(async ({ ctx, input }) => {
      const uploaded = await ctx.services.parents.uploadDocumentFile(ctx.scope, await documentUpload(ctx, input));
      if (uploaded === 'not-a-pdf')
        throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: parentDocumentMessages.notAPdf });
      return uploaded;
    }),

  addDocument: officeProcedure.input(parentDocumentSchema).mutation(async ({ ctx, input }) => {
    const id = await ctx.services.parents.addDocument(ctx.scope, input);
    if (id === 'upload-gone') throw new TRPCError({ code: 'BAD_REQUEST', message: parentDocumentMessages.uploadGone });
    return { id };
  }),

  editDocument: officeProcedure
    .input(editParentDocumentSchema)
    .mutation(async ({ ctx, input: { id, ...document } }) => {
      const result = await ctx.services.parents.editDocument(ctx.scope, id, document);
      if (result === 'gone') throw new TRPCError({ code: 'NOT_FOUND', message: parentDocumentMessages.gone });
      if (result === 'upload-gone')
        throw new TRPCError({ code: 'BAD_REQUEST', message: parentDocumentMessages.uploadGone });
      return { id };
    }),

  removeDocument: officeProcedure.input(byId).mutation(async ({ ctx, input }) => {
    if (!(await ctx.services.parents.removeDocument(ctx.scope, input.id)))
      throw new TRPCError({ code: 'NOT_FOUND', message: parentDocumentMessages.gone });
    return { removed: true };
  }),
  changeNotice: officeProcedure.input(noticeChangeSchema).mutation(async ({ ctx, input }) => {
    const changed = await ctx.services.parents.changeNotice(ctx.scope, input.noticeId, input);
    if (changed === 'past') throw new TRPCError({ code: 'BAD_REQUEST', message: officeMessages.publishAtPast });
    if (!changed) throw new TRPCError({ code: 'NOT_FOUND', message: officeMessages.noNotice });
    return { changed: true };
  }),

  /** A notice's text as parents will see it; a mutation, as the text may be longer than an address. */
  previewNotice: officeProcedure
    .input(noticePreviewSchema)
    .mutation(({ ctx, input }) => ({ html: ctx.services.parents.noticeHtml(input.body) })),

  removeNotice: officeProcedure
    .input(z.object({ noticeId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.services.parents.removeNotice(ctx.scope, input.noticeId)))
        throw new TRPCError({ code: 'NOT_FOUND', message: officeMessages.noNotice });
      return { removed: true };
    }),
});
