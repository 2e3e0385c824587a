import { createHash, createHmac, randomBytes } from 'node:crypto';
import { markdownToHtml } from '../../../shared/content/markdown';
import {
  PARENT_LINK_DAYS,
  PARENT_LINK_FRAGMENT,
  PARENT_REMEMBER_DAYS,
  type NewFamilyInput,
  type NewNoticeInput,
  type ParentDevice,
  type ParentView,
} from '../../../shared/parents/parentsCorner';
import { recordAudit, type AuditSource } from '../../audit/recordAudit';
import { loginClientKey } from '../../auth/clientKey';
import { passwordProblem } from '../../auth/commonPasswords';
import { generatePassword, hashPassword, verifyPassword } from '../../auth/password';
import { generateSessionSecret } from '../../auth/sessionKeys';
import { accountLoginLimit, loginLimit } from '../../auth/staffAuth';
import { clearLoginAttempts, reserveLoginAttempt, staffSecret } from '../../storage/staff';
import type { Config } from '../../config';
import type { SitePublisher } from '../../content/sitePublisher';
import type { Logger } from '../../log';
import type { OutboxWorker } from '../../mail/outboxWorker';
import { browserInPlainWords } from './browserName';
import { parentLinkMessage } from './linkMail';
import * as repository from './repository';

type Dependencies = {
  config: Config;
  storage: repository.ParentsStore;
  log: Logger;
  now: () => Date;
  /** Undefined while mail is off: links are made, and nobody is emailed. */
  mailOutbox: OutboxWorker | undefined;
  sitePublisher: Pick<SitePublisher, 'schoolContact'>;
};

const day = 24 * 3_600_000;
/** A session without "Remember me" ends with the browser (its cookie has no expiry); the server ends it after a day at the latest. */
const browserSessionMs = day;
/** A session's last use is written at most this often (not at every call). */
const lastUseAccuracyMs = 5 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type ParentSignIn =
  | { outcome: 'success'; token: string; expiresAt: Date | undefined; name: string }
  | { outcome: 'invalid' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

/**
 * The Parents' Corner (issue 37): families and their guardians' sign-in, apart from staff
 * (decision 0054), and the office's notices. The module's only way in from outside it.
 */
export function createParentsService({ config, storage, log, now, mailOutbox, sitePublisher }: Dependencies) {
  const { db } = storage;
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword(generatePassword()));
  let emailKey: Promise<string> | undefined;
  /** Whom failures count against besides the address: the guardian, or (keyed, as a password may be typed there) the email nobody has. */
  const accountKey = async (guardian: repository.Guardian | undefined, email: string) =>
    guardian
      ? `parent:${guardian.id}`
      : `parent-email:${createHmac(
          'sha256',
          await (emailKey ??= staffSecret(db, 'parent-email-key', generateSessionSecret, now().toISOString())),
        )
          .update(email.toLowerCase())
          .digest('base64url')}`;
  const secondsUntil = (at: number, from: Date) => Math.max(1, Math.ceil((at - from.getTime()) / 1000));

  async function sendLink(
    guardian: Pick<repository.Guardian, 'id' | 'email' | 'name'>,
    purpose: 'invitation' | 'reset',
  ) {
    const token = randomBytes(32).toString('base64url');
    const at = now();
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

  /**
   * A password typed by someone at an address, counted as a sign-in is: 5 failures per address in
   * 15 minutes, and 10 a day at one parent's account (or at the email nobody has).
   */
  async function checkPassword(
    guardian: repository.Guardian | undefined,
    email: string,
    password: string,
    clientIp: string,
  ): Promise<{ outcome: 'success' } | { outcome: 'invalid' } | { outcome: 'throttled'; retryAfterSeconds: number }> {
    const at = now();
    const account = {
      key: await accountKey(guardian, email),
      windowStart: new Date(at.getTime() - accountLoginLimit.windowMs).toISOString(),
    };
    const clientKey = `parent-${loginClientKey(clientIp)}`;
    const reservation = await reserveLoginAttempt(db, {
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
    // A parent's account is not refused outright (anyone could keep a parent out): past the day's limit, the address is slowed as at its own limit.
    if (reservation.accountFailuresBefore >= accountLoginLimit.freeFailures)
      return { outcome: 'throttled', retryAfterSeconds: loginLimit.windowMs / 1000 };
    const hash = guardian?.passwordHash ?? (await decoy());
    const matches = (await verifyPassword(password, hash)) && guardian?.passwordHash != null;
    if (!guardian || !matches) {
      log.warn('Parent login failed', { audit: 'parent-login-failed', ip: clientIp });
      return { outcome: 'invalid' };
    }
    await clearLoginAttempts(db, clientKey, [account.key]);
    return { outcome: 'success' };
  }

  /** A new session of the guardian's current password; answers the cookie's token. */
  async function startSession(
    guardian: Pick<repository.Guardian, 'id' | 'version'>,
    { remembered, expiresAt, userAgent }: { remembered: boolean; expiresAt: Date; userAgent: string | undefined },
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = now().toISOString();
    await repository.insertParentSession(db, {
      id: hashOf(token),
      guardianId: guardian.id,
      credentialVersion: guardian.version,
      remembered,
      createdAt: at,
      expiresAt: expiresAt.toISOString(),
      userAgent,
    });
    return token;
  }

  return {
    /** The staff sign-in's limits: 5 failures per address in 15 minutes, and 10 a day at one parent's account. */
    async signIn({
      email,
      password,
      rememberMe,
      clientIp,
      userAgent,
    }: {
      email: string;
      password: string;
      rememberMe: boolean;
      clientIp: string;
      userAgent: string | undefined;
    }): Promise<ParentSignIn> {
      const guardian = await repository.findLiveGuardianByEmail(db, email);
      const checked = await checkPassword(guardian, email, password, clientIp);
      if (checked.outcome !== 'success' || !guardian)
        return checked.outcome === 'success' ? { outcome: 'invalid' } : checked;
      const at = now();
      const expiresAt = new Date(at.getTime() + (rememberMe ? PARENT_REMEMBER_DAYS * day : browserSessionMs));
      const token = await startSession(guardian, { remembered: rememberMe, expiresAt, userAgent });
      log.info('Parent logged in', { audit: 'parent-login', ip: clientIp, guardianId: guardian.id });
      return { outcome: 'success', token, expiresAt: rememberMe ? expiresAt : undefined, name: guardian.name };
    },

    /** The guardian of a live session cookie, with the session, or undefined; the session's last use is noted. */
    async guardianOf(token: string | undefined): Promise<repository.SignedInGuardian | undefined> {
      if (!token) return undefined;
      const at = now();
      const signedIn = await repository.findSessionGuardian(db, hashOf(token), at.toISOString());
      if (signedIn)
        await repository.touchParentSession(db, signedIn.session.id, {
          now: at.toISOString(),
          notSince: new Date(at.getTime() - lastUseAccuracyMs).toISOString(),
        });
      return signedIn;
    },

    async signOut(token: string | undefined): Promise<void> {
      if (token) await repository.endParentSession(db, hashOf(token), now().toISOString());
    },

    /** The browsers where this guardian is signed in, this one marked; newest first. */
    async devices(signedIn: repository.SignedInGuardian): Promise<ParentDevice[]> {
      const sessions = await repository.liveGuardianSessions(db, signedIn, now().toISOString());
      return sessions.map((session) => ({
        current: session.id === signedIn.session.id,
        signedInAt: session.createdAt,
        lastUsedAt: session.lastUsedAt ?? session.createdAt,
        browser: browserInPlainWords(session.userAgent),
      }));
    },

    /** Ends every session of this guardian, this browser's too. */
    async signOutEverywhere(signedIn: repository.SignedInGuardian): Promise<void> {
      await repository.endGuardianSessions(db, [signedIn.id], now().toISOString());
      log.info('Parent signed out everywhere', { audit: 'parent-sign-out-everywhere', guardianId: signedIn.id });
    },

    /**
     * A new password given with the current one, whose failures count as sign-in failures. The
     * guardian's other sessions end; this browser goes on with a new session, kept as long as before.
     */
    async changePassword(
      signedIn: repository.SignedInGuardian,
      {
        currentPassword,
        newPassword,
        clientIp,
        userAgent,
      }: { currentPassword: string; newPassword: string; clientIp: string; userAgent: string | undefined },
    ): Promise<
      | { outcome: 'changed'; token: string; expiresAt: Date | undefined }
      | { outcome: 'invalid' }
      | { outcome: 'throttled'; retryAfterSeconds: number }
      | { outcome: 'refused'; problem: string }
    > {
      const checked = await checkPassword(signedIn, signedIn.email, currentPassword, clientIp);
      if (checked.outcome !== 'success') return checked;
      const problem = await passwordProblem(newPassword, { name: signedIn.name, email: signedIn.email });
      if (problem) return { outcome: 'refused', problem };
      const version = await repository.setGuardianPassword(
        db,
        signedIn.id,
        await hashPassword(newPassword),
        now().toISOString(),
      );
      const expiresAt = new Date(signedIn.session.expiresAt);
      const token = await startSession(
        { id: signedIn.id, version },
        { remembered: signedIn.session.remembered, expiresAt, userAgent },
      );
      log.info('Parent password changed', { audit: 'parent-password-change', ip: clientIp, guardianId: signedIn.id });
      return { outcome: 'changed', token, expiresAt: signedIn.session.remembered ? expiresAt : undefined };
    },

    /** Emails a reset link only to a parent who exists; the caller answers the same words either way. */
    async forgotPassword(email: string): Promise<void> {
      const guardian = await repository.findLiveGuardianByEmail(db, email);
      if (guardian?.passwordHash) await sendLink(guardian, 'reset');
      else if (guardian) await sendLink(guardian, 'invitation');
    },

    async linkHolder(token: string) {
      const live = await repository.findLiveToken(db, hashOf(token), now().toISOString());
      return live && { name: live.guardian.name, email: live.guardian.email, purpose: live.purpose };
    },

    /** Sets the password with a live link. A password the rule refuses is answered with its sentence. */
    async choosePassword(token: string, password: string): Promise<'chosen' | 'invalid-link' | { problem: string }> {
      const live = await repository.findLiveToken(db, hashOf(token), now().toISOString());
      if (!live) return 'invalid-link';
      const problem = await passwordProblem(password, { name: live.guardian.name, email: live.guardian.email });
      if (problem) return { problem };
      const used = await repository.useParentToken(
        db,
        hashOf(token),
        await hashPassword(password),
        now().toISOString(),
      );
      return used ? 'chosen' : 'invalid-link';
    },

    /** Everything the signed-in view shows, in one read. */
    async view(guardian: repository.Guardian): Promise<ParentView> {
      const family = await repository.findFamily(db, guardian.familyId);
      if (!family) throw new Error(`Family ${guardian.familyId} is missing`);
      const notices = await repository.noticesForGuardian(db, {
        guardianId: guardian.id,
        className: family.className,
        program: family.program,
        now: now().toISOString(),
      });
      return {
        guardianName: guardian.name,
        childName: family.childName,
        className: family.className,
        notices: notices.map((notice) => ({
          id: notice.id,
          title: notice.title,
          html: markdownToHtml(notice.body, { firstHeading: 3 }),
          publishAt: notice.publishAt,
          unread: notice.readAt === null,
        })),
        events: [],
        documents: [],
        calendarFeedUrl: null,
      };
    },

    /** Marks a notice read, if it is one this guardian sees. */
    async markRead(guardian: repository.Guardian, noticeId: number): Promise<boolean> {
      const view = await this.view(guardian);
      if (!view.notices.some((notice) => notice.id === noticeId)) return false;
      await repository.markNoticeRead(db, noticeId, guardian.id, now().toISOString());
      return true;
    },

    families: () => repository.listFamilies(db),

    async addFamily(
      source: AuditSource,
      input: Required<NewFamilyInput>,
    ): Promise<{ emailed: boolean } | 'email-taken'> {
      const added = await repository.insertFamily(db, { ...input, at: now().toISOString() });
      if (!added) return 'email-taken';
      await recordAudit(source, 'family-added', { familyId: added.familyId });
      const { emailed } = await sendLink(
        { id: added.guardianId, email: input.email, name: input.parentName },
        'invitation',
      );
      await recordAudit(source, 'family-invited', { guardianId: added.guardianId });
      return { emailed };
    },

    /** A new invitation for a guardian who has not accepted yet; the earlier link stops working. */
    async resendInvitation(source: AuditSource, guardianId: number): Promise<boolean> {
      const guardian = await repository.findLiveGuardian(db, guardianId);
      if (!guardian) return false;
      await sendLink(guardian, 'invitation');
      await recordAudit(source, 'family-invited', { guardianId });
      return true;
    },

    async removeFamily(source: AuditSource, familyId: number): Promise<boolean> {
      const removed = await repository.removeFamily(db, familyId, now().toISOString());
      if (removed) await recordAudit(source, 'family-removed', { familyId });
      return removed;
    },

    notices: () => repository.listNotices(db),

    readers: (noticeId: number) => repository.noticeReaders(db, noticeId),

    async publishNotice(source: AuditSource, input: NewNoticeInput & { audienceValue?: string | undefined }) {
      const at = now().toISOString();
      const id = await repository.insertNotice(db, {
        title: input.title,
        body: input.body,
        audience: input.audience,
        audience_value: input.audience === 'all' ? null : (input.audienceValue ?? null),
        publish_at: at,
        created_at: at,
        created_by: source.session?.account.id ?? null,
      });
      await recordAudit(source, 'notice-published', { noticeId: id, audience: input.audience });
      return id;
    },
  };
}

export type ParentsService = ReturnType<typeof createParentsService>;
