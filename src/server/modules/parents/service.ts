import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { markdownToHtml } from '#shared/content/markdown.ts';
import { REMOVED_FAMILY_DAYS } from '#shared/retention.ts';
import {
  PARENT_CODE_MINUTES,
  PARENT_LINK_DAYS,
  PARENT_LINK_FRAGMENT,
  PARENT_REMEMBER_DAYS,
  newFamilySchema,
  officeMessages,
  type newNoticeSchema,
  type NewFamilyInput,
  type ParentDevice,
  type NoticeMailChoice,
  type ParentView,
} from '#shared/parents/parentsCorner.ts';
import { staffAccountMessages } from '#shared/staff/accounts.ts';
import type { z } from '#shared/zod.ts';
import type { EnquiryService } from '#server/modules/enquiries/service.ts';
import { auditWriter } from '#server/modules/audit/service.ts';
import type { ParentScope, RequestScope, StaffScope } from '#server/requestScope.ts';
import {
  loginClientKey,
  passwordProblem,
  generatePassword,
  hashPassword,
  verifyPassword,
  generateSessionSecret,
  accountLoginLimit,
  loginLimit,
  clearSignInAttempts,
  keptSecret,
  reserveSignInAttempt,
} from '#server/modules/staff/service.ts';
import { browserInPlainWords } from './browserName';
import { createParentDocuments } from './documents';
import { createFamilyPersonData } from './personData';
import { parentCodeMessage, parentLinkMessage } from './linkMail';
import { createNoticeMailing, type NoticeMailingDependencies } from './noticeMailing';
import { createSchoolEvents } from './schoolEvents';
import * as repository from './repository';

/** The notices' mailing's (`now` is its timer's clock only: every request's time is its scope's), and the enquiries'. */
type Dependencies = NoticeMailingDependencies & {
  /** The admission enquiries, read only through their service. */
  enquiries: Pick<EnquiryService, 'admissionFamily'>;
};

const day = 24 * 3_600_000;
/** A session without "Remember me" ends with the browser (its cookie has no expiry); the server ends it after a day at the latest. */
const browserSessionMs = day;
/** A session's last use is written at most this often (not at every call). */
const lastUseAccuracyMs = 5 * 60_000;

/** A notice's Markdown as parents see it, beneath the notice's own heading. */
const noticeHtml = (body: string) => markdownToHtml(body, { firstHeading: 3 });

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** 8 digits, shown as two groups of four; a parent may type them with or without the space. */
const newCode = () => String(randomInt(0, 100_000_000)).padStart(8, '0');
const codeHashOf = (code: string) => hashOf(code.replace(/\s/g, ''));
/** A new code is emailed at most once a minute per guardian, however often the password is sent. */
const codeResendMs = 60_000;

export type ParentSignIn =
  | { outcome: 'success'; token: string; expiresAt: Date | undefined; name: string }
  | { outcome: 'invalid' }
  | { outcome: 'throttled'; retryAfterSeconds: number }
  /** The account is being guessed at: a code is needed as well (sent only when the password was right). */
  | { outcome: 'code-sent' }
  | { outcome: 'invalid-code' };

/**
 * The Parents' Corner (issue 37): families and their guardians' sign-in, apart from staff
 * (decision 0054), the office's notices, events and documents, and each guardian's calendar feed
 * (decision 0056). The module's only way in from outside it.
 */
export function createParentsService({
  config,
  storage,
  log,
  now,
  mailOutbox,
  sitePublisher,
  enquiries,
}: Dependencies) {
  const { db } = storage;
  const audit = auditWriter(storage);
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword(generatePassword()));
  let emailKey: Promise<string> | undefined;
  /** Whom failures count against besides the address: the guardian, or (keyed, as a password may be typed there) the email nobody has. */
  const accountKey = async (guardian: repository.Guardian | undefined, email: string, at: Date) =>
    guardian
      ? `parent:${guardian.id}`
      : `parent-email:${createHmac(
          'sha256',
          await (emailKey ??= keptSecret(storage, 'parent-email-key', generateSessionSecret, at.toISOString())),
        )
          .update(email.toLowerCase())
          .digest('base64url')}`;
  const schoolEvents = createSchoolEvents({ config, storage });
  const documents = createParentDocuments({ config, storage });
  const noticeMailing = createNoticeMailing({ config, storage, log, now, mailOutbox, sitePublisher });
  const secondsUntil = (at: number, from: Date) => Math.max(1, Math.ceil((at - from.getTime()) / 1000));

  /** The family, and the published notices it sees (or only `noticeId`, if it sees it), read at the request's time. */
  async function noticesSeen(scope: RequestScope, guardian: repository.Guardian, noticeId?: number) {
    const family = await repository.findFamily(db, guardian.familyId);
    if (!family) throw new Error(`Family ${guardian.familyId} is missing`);
    const notices = await repository.noticesForGuardian(db, {
      guardianId: guardian.id,
      className: family.className,
      program: family.program,
      now: scope.at.toISOString(),
      noticeId,
    });
    return { family, notices };
  }

  async function sendLink(
    at: Date,
    guardian: Pick<repository.Guardian, 'id' | 'email' | 'name'>,
    purpose: 'invitation' | 'reset',
  ) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(at.getTime() + PARENT_LINK_DAYS * day).toISOString();
    const link = `${config.publicUrl}/parents-corner#${PARENT_LINK_FRAGMENT}${token}`;
    const mail = mailOutbox
      ? {
          ...parentLinkMessage(
            { purpose, to: guardian.email, name: guardian.name, expiresAt },
            await sitePublisher.schoolContact(),
          ),
          link,
        }
      : undefined;
    await repository.createParentToken(
      db,
      { tokenHash: hashOf(token), guardianId: guardian.id, purpose, createdAt: at.toISOString(), expiresAt },
      mail,
    );
    if (mail) mailOutbox?.kick();
    return { emailed: mail !== undefined, expiresAt };
  }

  /** Emails the guardian a new sign-in code, at most once a minute. */
  async function sendSignInCode(guardian: repository.Guardian, at: Date): Promise<void> {
    const madeAt = await repository.liveSignInCodeMadeAt(db, guardian.id, at.toISOString());
    if (madeAt !== undefined && at.getTime() - Date.parse(madeAt) < codeResendMs) return;
    const code = newCode();
    const message = parentCodeMessage({ to: guardian.email, name: guardian.name }, await sitePublisher.schoolContact());
    await repository.saveSignInCode(
      db,
      {
        guardianId: guardian.id,
        codeHash: codeHashOf(code),
        at: at.toISOString(),
        expiresAt: new Date(at.getTime() + PARENT_CODE_MINUTES * 60_000).toISOString(),
      },
      { ...message, link: `${code.slice(0, 4)} ${code.slice(4)}` },
    );
    mailOutbox?.kick();
  }

  /** Sends a guardian their invitation, and writes it in the audit trail. */
  async function invite(scope: StaffScope, guardian: Pick<repository.Guardian, 'id' | 'email' | 'name'>) {
    const { emailed } = await sendLink(scope.at, guardian, 'invitation');
    await audit(scope, 'family-invited', { guardianId: guardian.id });
    return { emailed };
  }

  /**
   * A password typed by someone at an address, counted as a sign-in is: 5 failures per address in
   * 15 minutes, and 10 a day at one parent's account (or at the email nobody has). Past the
   * account's 10, a sign-in needs an emailed code as well, and the answer is the same whatever
   * the password.
   */
  async function checkPassword(
    guardian: repository.Guardian | undefined,
    email: string,
    password: string,
    { clientIp, at }: Pick<RequestScope, 'clientIp' | 'at'>,
    /** A sign-in (not a password confirmed by someone signed in), with its emailed code if given. */
    signIn?: { code: string | undefined },
  ): Promise<Exclude<ParentSignIn, { outcome: 'success' }> | { outcome: 'success' }> {
    const account = {
      key: await accountKey(guardian, email, at),
      windowStart: new Date(at.getTime() - accountLoginLimit.windowMs).toISOString(),
    };
    const clientKey = `parent-${loginClientKey(clientIp)}`;
    const reservation = await reserveSignInAttempt(storage, {
      clientKey,
      attemptedAt: at.toISOString(),
      windowStart: new Date(at.getTime() - loginLimit.windowMs).toISOString(),
      limit: loginLimit.attempts,
      account,
    });
    if (!reservation.reserved)
      return {
        outcome: 'throttled',
        retryAfterSeconds: secondsUntil(Date.parse(reservation.oldestAttemptAt) + loginLimit.windowMs, at),
      };
    // A parent's account is not refused outright (anyone could keep a parent out): past the day's
    // limit a sign-in needs an emailed code as well (decision 0054); anything else, or any sign-in
    // while no mail can carry a code, is slowed as at the address's own limit.
    const slowed = reservation.accountFailuresBefore >= accountLoginLimit.freeFailures;
    const asked = slowed && signIn && mailOutbox ? signIn : undefined;
    if (slowed && !asked) return { outcome: 'throttled', retryAfterSeconds: loginLimit.windowMs / 1000 };
    const hash = guardian?.passwordHash ?? (await decoy());
    const matches = (await verifyPassword(password, hash)) && guardian?.passwordHash != null;
    if (!guardian || !matches) {
      log.warn('Parent login failed', { audit: 'parent-login-failed', ip: clientIp });
      // The same answer whatever the password: a guesser learns nothing.
      if (asked) return { outcome: asked.code === undefined ? 'code-sent' : 'invalid-code' };
      return { outcome: 'invalid' };
    }
    if (asked) {
      if (asked.code === undefined) {
        await sendSignInCode(guardian, at);
        return { outcome: 'code-sent' };
      }
      if (!(await repository.useSignInCode(db, guardian.id, codeHashOf(asked.code), at.toISOString()))) {
        log.warn('Parent sign-in code refused', { audit: 'parent-login-failed', ip: clientIp });
        return { outcome: 'invalid-code' };
      }
    }
    await clearSignInAttempts(storage, clientKey, [account.key]);
    return { outcome: 'success' };
  }

  /** A new session of the guardian's current password; answers the cookie's token. */
  async function startSession(
    at: Date,
    guardian: Pick<repository.Guardian, 'id' | 'version'>,
    { remembered, expiresAt, userAgent }: { remembered: boolean; expiresAt: Date; userAgent: string | undefined },
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await repository.insertParentSession(db, {
      id: hashOf(token),
      guardianId: guardian.id,
      credentialVersion: guardian.version,
      remembered,
      createdAt: at.toISOString(),
      expiresAt: expiresAt.toISOString(),
      userAgent,
    });
    return token;
  }

  return {
    noticeHtml,

    /** Erases the families removed more than REMOVED_FAMILY_DAYS ago; answers how many went. */
    eraseRemovedFamilies: (at: Date) =>
      repository.deleteFamiliesRemovedBefore(db, new Date(at.getTime() - REMOVED_FAMILY_DAYS * day).toISOString()),

    ...schoolEvents,
    ...documents,
    ...createFamilyPersonData({ storage }),

    /** The staff sign-in's limits: 5 failures per address in 15 minutes, and 10 a day at one parent's account. */
    /**
     * Past the account's day of failures, the right password alone no longer signs in (anyone could
     * keep a parent out by guessing): it sends a code to the parent's email, and the password with
     * the code signs in. The answer is the same whatever the password, so a guesser learns nothing.
     */
    async signIn(
      scope: RequestScope,
      {
        email,
        password,
        rememberMe,
        code,
        userAgent,
      }: {
        email: string;
        password: string;
        rememberMe: boolean;
        code?: string | undefined;
        userAgent: string | undefined;
      },
    ): Promise<ParentSignIn> {
      const guardian = await repository.findLiveGuardianByEmail(db, email);
      const checked = await checkPassword(guardian, email, password, scope, { code });
      if (checked.outcome !== 'success' || !guardian)
        return checked.outcome === 'success' ? { outcome: 'invalid' } : checked;
      const expiresAt = new Date(scope.at.getTime() + (rememberMe ? PARENT_REMEMBER_DAYS * day : browserSessionMs));
      const token = await startSession(scope.at, guardian, { remembered: rememberMe, expiresAt, userAgent });
      log.info('Parent logged in', { audit: 'parent-login', ip: scope.clientIp, guardianId: guardian.id });
      return { outcome: 'success', token, expiresAt: rememberMe ? expiresAt : undefined, name: guardian.name };
    },

    /** The guardian of a live session cookie, with the session, or undefined; the session's last use is noted. */
    async guardianOf(
      { at }: RequestScope,
      token: string | undefined,
    ): Promise<repository.SignedInGuardian | undefined> {
      if (!token) return undefined;
      const signedIn = await repository.findSessionGuardian(db, hashOf(token), at.toISOString());
      if (signedIn)
        await repository.touchParentSession(db, signedIn.session.id, {
          now: at.toISOString(),
          notSince: new Date(at.getTime() - lastUseAccuracyMs).toISOString(),
        });
      return signedIn;
    },

    async signOut({ at }: RequestScope, token: string | undefined): Promise<void> {
      if (token) await repository.endParentSession(db, hashOf(token), at.toISOString());
    },

    /** The browsers where this guardian is signed in, this one marked; newest first. */
    async devices({ at }: ParentScope, signedIn: repository.SignedInGuardian): Promise<ParentDevice[]> {
      const sessions = await repository.liveGuardianSessions(db, signedIn, at.toISOString());
      return sessions.map((session) => ({
        current: session.id === signedIn.session.id,
        signedInAt: session.createdAt,
        lastUsedAt: session.lastUsedAt ?? session.createdAt,
        browser: browserInPlainWords(session.userAgent),
      }));
    },

    /** Ends every session of this guardian, this browser's too. */
    async signOutEverywhere({ at }: ParentScope, signedIn: repository.SignedInGuardian): Promise<void> {
      await repository.endGuardianSessions(db, [signedIn.id], at.toISOString());
      log.info('Parent signed out everywhere', { audit: 'parent-sign-out-everywhere', guardianId: signedIn.id });
    },

    /**
     * A new password given with the current one, whose failures count as sign-in failures. The
     * guardian's other sessions end; this browser goes on with a new session, kept as long as before.
     */
    async changePassword(
      scope: ParentScope,
      signedIn: repository.SignedInGuardian,
      {
        currentPassword,
        newPassword,
        userAgent,
      }: { currentPassword: string; newPassword: string; userAgent: string | undefined },
    ): Promise<
      | { outcome: 'changed'; token: string; expiresAt: Date | undefined }
      | { outcome: 'invalid' }
      | { outcome: 'throttled'; retryAfterSeconds: number }
      | { outcome: 'refused'; problem: string }
    > {
      const checked = await checkPassword(signedIn, signedIn.email, currentPassword, scope);
      // Only a sign-in is asked for a code: here a wrong password is just that.
      if (checked.outcome === 'throttled') return checked;
      if (checked.outcome !== 'success') return { outcome: 'invalid' };
      const problem = await passwordProblem(newPassword, { name: signedIn.name, email: signedIn.email });
      if (problem) return { outcome: 'refused', problem };
      const version = await repository.setGuardianPassword(
        db,
        signedIn.id,
        await hashPassword(newPassword),
        scope.at.toISOString(),
      );
      const expiresAt = new Date(signedIn.session.expiresAt);
      const token = await startSession(
        scope.at,
        { id: signedIn.id, version },
        { remembered: signedIn.session.remembered, expiresAt, userAgent },
      );
      log.info('Parent password changed', {
        audit: 'parent-password-change',
        ip: scope.clientIp,
        guardianId: signedIn.id,
      });
      return { outcome: 'changed', token, expiresAt: signedIn.session.remembered ? expiresAt : undefined };
    },

    /** Emails a reset link only to a parent who exists; the caller answers the same words either way. */
    async forgotPassword({ at }: RequestScope, email: string): Promise<void> {
      const guardian = await repository.findLiveGuardianByEmail(db, email);
      if (guardian?.passwordHash) await sendLink(at, guardian, 'reset');
      else if (guardian) await sendLink(at, guardian, 'invitation');
    },

    async linkHolder({ at }: RequestScope, token: string) {
      const live = await repository.findLiveToken(db, hashOf(token), at.toISOString());
      return live && { name: live.guardian.name, email: live.guardian.email, purpose: live.purpose };
    },

    /** Sets the password with a live link. A password the rule refuses is answered with its sentence. */
    async choosePassword(
      { at }: RequestScope,
      token: string,
      password: string,
    ): Promise<'chosen' | 'invalid-link' | { problem: string }> {
      const live = await repository.findLiveToken(db, hashOf(token), at.toISOString());
      if (!live) return 'invalid-link';
      const problem = await passwordProblem(password, { name: live.guardian.name, email: live.guardian.email });
      if (problem) return { problem };
      const used = await repository.useParentToken(db, hashOf(token), await hashPassword(password), at.toISOString());
      return used ? 'chosen' : 'invalid-link';
    },

    /** Everything the signed-in view shows, in one read. */
    async view(scope: RequestScope, guardian: repository.Guardian): Promise<ParentView> {
      const { family, notices } = await noticesSeen(scope, guardian);
      return {
        guardianName: guardian.name,
        childName: family.childName,
        className: family.className,
        notices: notices.map((notice) => ({
          id: notice.id,
          title: notice.title,
          html: noticeHtml(notice.body),
          publishAt: notice.publishAt,
          unread: notice.readAt === null,
        })),
        events: await schoolEvents.upcomingEvents(scope),
        documents: await documents.documentLinks(),
        calendarFeedUrl: await schoolEvents.calendarFeedUrl(guardian.id),
        noticeMail: guardian.noticeMail,
      };
    },

    /** Marks a notice read, if it is one this guardian sees. */
    async markRead(scope: ParentScope, guardian: repository.Guardian, noticeId: number): Promise<boolean> {
      const { notices } = await noticesSeen(scope, guardian, noticeId);
      if (notices.length === 0) return false;
      await repository.markNoticeRead(db, noticeId, guardian.id, scope.at.toISOString());
      return true;
    },

    /** The guardian's own choice of notice emails; choosing weekly, their first digest lists what is published from now. */
    async chooseNoticeMail(
      { at }: ParentScope,
      guardian: repository.Guardian,
      choice: NoticeMailChoice,
    ): Promise<void> {
      const startsNow = choice === 'weekly' && guardian.noticeMail !== 'weekly';
      await repository.setNoticeMail(db, guardian.id, choice, startsNow ? at.toISOString() : undefined);
    },

    families: () => repository.listFamilies(db),

    /** A family and its first guardian, invited by email; `enquiryId`: the admission enquiry it came from. */
    async addFamily(
      scope: StaffScope,
      input: Required<NewFamilyInput>,
      enquiryId?: number,
    ): Promise<{ emailed: boolean } | 'email-taken'> {
      const added = await repository.insertFamily(db, { ...input, at: scope.at.toISOString(), enquiryId });
      if (!added) return 'email-taken';
      await audit(scope, 'family-added', { familyId: added.familyId, ...(enquiryId ? { enquiryId } : {}) });
      return invite(scope, { id: added.guardianId, email: input.email, name: input.parentName });
    },

    /** The family of an admission enquiry at Enrolled, read through the enquiries' service; a refusal is a sentence. */
    async inviteFromEnquiry(
      scope: StaffScope,
      enquiryId: number,
      className: string,
    ): Promise<{ emailed: boolean } | { refused: string }> {
      const family = await enquiries.admissionFamily(enquiryId);
      if (!family) return { refused: officeMessages.noEnquiry };
      if (family.stage !== 'enrolled') return { refused: officeMessages.notEnrolled };
      if (await repository.familyOfEnquiry(db, enquiryId)) return { refused: officeMessages.alreadyInvited };
      const input = { ...family, parentName: family.parentName, className };
      const checked = newFamilySchema.safeParse(input);
      if (!checked.success) return { refused: checked.error.issues[0]?.message ?? officeMessages.noEnquiry };
      const added = await this.addFamily(scope, checked.data, enquiryId);
      return added === 'email-taken' ? { refused: staffAccountMessages.emailTaken } : added;
    },

    /** Whether an admission enquiry's family was invited, and when. */
    invitationOf: (enquiryId: number) => repository.familyOfEnquiry(db, enquiryId),

    /** A second guardian of a family: their own sign-in and invitation. */
    async addGuardian(
      scope: StaffScope,
      input: { familyId: number; parentName: string; email: string; phone: string },
    ): Promise<{ emailed: boolean } | 'email-taken' | 'no-family'> {
      const added = await repository.addGuardian(db, input.familyId, {
        name: input.parentName,
        email: input.email,
        phone: input.phone,
        at: scope.at.toISOString(),
      });
      if (typeof added === 'string') return added;
      await audit(scope, 'guardian-added', { familyId: input.familyId, guardianId: added.guardianId });
      return invite(scope, { id: added.guardianId, email: input.email, name: input.parentName });
    },

    async changeClass(scope: StaffScope, familyId: number, className: string): Promise<boolean> {
      const changed = await repository.changeClass(db, familyId, className);
      if (changed) await audit(scope, 'family-class-changed', { familyId, className });
      return changed;
    },

    /** A new invitation for a guardian who has not accepted yet; the earlier link stops working. */
    async resendInvitation(scope: StaffScope, guardianId: number): Promise<boolean> {
      const guardian = await repository.findLiveGuardian(db, guardianId);
      if (!guardian) return false;
      await invite(scope, guardian);
      return true;
    },

    async removeFamily(scope: StaffScope, familyId: number): Promise<boolean> {
      const removed = await repository.removeFamily(db, familyId, scope.at.toISOString());
      if (removed) await audit(scope, 'family-removed', { familyId });
      return removed;
    },

    /** The notices, each with how many of the families it is for have read it. */
    async notices() {
      const [notices, families] = await Promise.all([repository.listNotices(db), repository.listFamilies(db)]);
      return notices.map((notice) => ({
        ...notice,
        familiesFor: families.filter((family) => noticeIsFor(notice, family)).length,
      }));
    },

    readers: (noticeId: number) => repository.noticeReaders(db, noticeId),

    /** Publishes a notice now or at a time to come; its families are emailed when its time comes. */
    async publishNotice(scope: StaffScope, input: NoticeInput): Promise<number | 'past'> {
      const fields = noticeRow(input, scope.at);
      if (!fields) return 'past';
      const id = await repository.insertNotice(db, {
        ...fields,
        publish_at: fields.publish_at ?? scope.at.toISOString(),
        created_at: scope.at.toISOString(),
        created_by: scope.asker.account.id,
      });
      await audit(scope, 'notice-published', { noticeId: id, audience: input.audience });
      await noticeMailing.mailDueNotices(scope.at);
      return id;
    },

    async changeNotice(scope: StaffScope, noticeId: number, input: NoticeInput): Promise<boolean | 'past'> {
      const fields = noticeRow(input, scope.at);
      if (!fields) return 'past';
      const changed = await repository.updateNotice(db, noticeId, fields);
      if (!changed) return false;
      await audit(scope, 'notice-changed', { noticeId });
      await noticeMailing.mailDueNotices(scope.at);
      return true;
    },

    async removeNotice(scope: StaffScope, noticeId: number): Promise<boolean> {
      const removed = await repository.deleteNotice(db, noticeId);
      if (removed) await audit(scope, 'notice-removed', { noticeId });
      return removed;
    },

    /** The notices' emails, each minute (the timer's work; `mailDue` is called by tests too). */
    start: noticeMailing.start,
    stop: noticeMailing.stop,
    mailDue: noticeMailing.mailDue,
  };
}

type NoticeInput = Omit<z.output<typeof newNoticeSchema>, never>;

/** Whether a family is among those a notice is for (the class compared as the parents' view does, ignoring case). */
function noticeIsFor(
  notice: { audience: string; audienceValue: string | null },
  family: { className: string; program: string },
): boolean {
  if (notice.audience === 'class') return notice.audienceValue?.toLowerCase() === family.className.toLowerCase();
  if (notice.audience === 'program') return notice.audienceValue === family.program;
  return true;
}

/** A notice's row from the office's input, without a time when none is given (now, or the time it keeps); undefined for a time already past. */
function noticeRow(input: NoticeInput, at: Date) {
  const publishAt = input.publishAt === undefined ? undefined : new Date(input.publishAt);
  if (publishAt && publishAt.getTime() < at.getTime() - PAST_GRACE_MS) return undefined;
  return {
    title: input.title,
    body: input.body,
    audience: input.audience,
    audience_value: input.audience === 'all' ? null : (input.audienceValue ?? null),
    ...(publishAt ? { publish_at: publishAt.toISOString() } : {}),
  };
}

/** A time typed a moment ago (to the minute) still counts as now. */
const PAST_GRACE_MS = 2 * 60_000;

export type ParentsService = ReturnType<typeof createParentsService>;
