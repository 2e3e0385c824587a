import { createHash, randomBytes } from 'node:crypto';
import { STAFF_LINK_HOURS } from '#shared/staff/accounts.ts';
import { STAFF_LINK_FRAGMENT } from '#shared/staff/staffLink.ts';
import { staffLinkMessage } from './staffLinkMail';
import {
  createStaffLink,
  findLiveStaffLink,
  findStaffAccount,
  useStaffLink,
  type StaffAccount,
  type StaffLinkPurpose,
} from './repository';
import type { SchoolContact } from '#content/schoolFacts.ts';
import type { Config } from '#server/config.ts';

type LinkStorage = { db: Parameters<typeof findStaffAccount>[0] };

/** What a link needs of the server's services: the database, the public address, and the outbox with the school's facts for its email. */
export type StaffLinkServices = {
  storage: LinkStorage;
  config: Pick<Config, 'publicUrl'>;
  mailOutbox: { kick(): void } | undefined;
  sitePublisher: { schoolContact(): Promise<SchoolContact> };
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new single-use link for an account to choose its password, valid STAFF_LINK_HOURS: the
 * address to give the person, with 256 random bits after the #. Any earlier live link of the
 * account stops working. When mail is on, the link is also emailed to the person through the
 * outbox (decision 0027); `emailedTo` says to which address, or null when mail is off.
 */
export async function makeStaffLink(
  services: StaffLinkServices,
  {
    account,
    purpose,
    madeBy,
    at,
  }: { account: StaffAccount; purpose: StaffLinkPurpose; madeBy: Pick<StaffAccount, 'id' | 'name'>; at: Date },
): Promise<{ url: string; expiresAt: string; emailedTo: string | null }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(at.getTime() + STAFF_LINK_HOURS * 3_600_000).toISOString();
  const url = `${services.config.publicUrl}/admin#${STAFF_LINK_FRAGMENT}${token}`;
  const emailedTo = services.mailOutbox && account.email ? account.email : null;
  const mail = emailedTo
    ? {
        url,
        message: staffLinkMessage(
          { purpose, to: emailedTo, name: account.name, role: account.role, madeBy: madeBy.name, expiresAt },
          await services.sitePublisher.schoolContact(),
        ),
      }
    : undefined;
  await createStaffLink(
    services.storage.db,
    {
      tokenHash: hashOf(token),
      accountId: account.id,
      purpose,
      createdAt: at.toISOString(),
      createdBy: madeBy.id,
      expiresAt,
    },
    mail,
  );
  if (mail) services.mailOutbox?.kick();
  return { url, expiresAt, emailedTo };
}

/** Whom a live link is for (an enabled account), or undefined. */
export async function staffLinkHolder(storage: LinkStorage, token: string, at: Date) {
  const link = await findLiveStaffLink(storage.db, hashOf(token), at.toISOString());
  const account = link && (await findStaffAccount(storage.db, link.accountId));
  if (!link || !account || account.disabledAt !== null) return undefined;
  return { account, purpose: link.purpose };
}

/** Uses a live link to set the password (already hashed); answers the account id, or undefined when the link is not live. */
export function useLinkWithPassword(
  storage: LinkStorage,
  token: string,
  passwordHash: string,
  at: Date,
): Promise<number | undefined> {
  return useStaffLink(storage.db, hashOf(token), passwordHash, at.toISOString());
}
