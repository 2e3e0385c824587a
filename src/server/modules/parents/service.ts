import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { markdownToHtml } from '../../../shared/content/markdown';
import {
  PARENT_CODE_MINUTES,
  PARENT_LINK_DAYS,
  PARENT_LINK_FRAGMENT,
  PARENT_REMEMBER_DAYS,
  type NewFamilyInput,
  type NewNoticeInput,
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
import { parentCodeMessage, parentLinkMessage } from './linkMail';
import { createParentDocuments } from './documents';
import { createSchoolEvents } from './schoolEvents';
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
  const schoolEvents = createSchoolEvents({ config, storage, now });
  const documents = createParentDocuments({ config, storage, now });
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

  return {
    ...schoolEvents,
    ...documents,

    /** The staff sign-in's limits: 5 failures per address in 15 minutes, and 10 a day at one parent's account. */
    /**
     * Past the account's day of failures, the right password alone no longer signs in (anyone could
     * keep a parent out by guessing): it sends a code to the parent's email, and the password with
     * the code signs in. The answer is the same whatever the password, so a guesser learns nothing.
     */
    async signIn({
      email,
      password,
      rememberMe,
      code,
      clientIp,
    }: {
      email: string;
      password: string;
      rememberMe: boolean;
      code?: string | undefined;
      clientIp: string;
    }): Promise<ParentSignIn> {
      const at = now();
      const guardian = await repository.findLiveGuardianByEmail(db, email);
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
      const slowed = reservation.accountFailuresBefore >= accountLoginLimit.freeFailures;
      // Without mail no code can reach the parent: the address is slowed as at its own limit.
      if (slowed && !mailOutbox) return { outcome: 'throttled', retryAfterSeconds: loginLimit.windowMs / 1000 };
      const hash = guardian?.passwordHash ?? (await decoy());
      const matches = (await verifyPassword(password, hash)) && guardian?.passwordHash != null;
      if (!guardian || !matches) {
        log.warn('Parent login failed', { audit: 'parent-login-failed', ip: clientIp });
        if (slowed) return { outcome: code === undefined ? 'code-sent' : 'invalid-code' };
        return { outcome: 'invalid' };
      }
      if (slowed) {
        if (code === undefined) {
          await sendSignInCode(guardian, at);
          return { outcome: 'code-sent' };
        }
        if (!(await repository.useSignInCode(db, guardian.id, codeHashOf(code), at.toISOString()))) {
          log.warn('Parent sign-in code refused', { audit: 'parent-login-failed', ip: clientIp });
          return { outcome: 'invalid-code' };
        }
      }
      await clearLoginAttempts(db, clientKey, [account.key]);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + (rememberMe ? PARENT_REMEMBER_DAYS * day : browserSessionMs));
      await repository.insertParentSession(db, {
        id: hashOf(token),
        guardianId: guardian.id,
        credentialVersion: guardian.version,
        remembered: rememberMe,
        createdAt: at.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      log.info('Parent logged in', { audit: 'parent-login', ip: clientIp, guardianId: guardian.id });
      return { outcome: 'success', token, expiresAt: rememberMe ? expiresAt : undefined, name: guardian.name };
    },

    /** The guardian of a live session cookie, or undefined. */
    async guardianOf(token: string | undefined): Promise<repository.Guardian | undefined> {
      if (!token) return undefined;
      return repository.findSessionGuardian(db, hashOf(token), now().toISOString());
    },

    async signOut(token: string | undefined): Promise<void> {
      if (token) await repository.endParentSession(db, hashOf(token), now().toISOString());
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
        events: await schoolEvents.upcomingEvents(),
        documents: await documents.documentLinks(),
        calendarFeedUrl: await schoolEvents.calendarFeedUrl(guardian.id),
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
