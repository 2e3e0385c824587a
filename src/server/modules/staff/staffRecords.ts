import type { StaffSettings } from '#shared/staff/settings.ts';
import type { Config } from '#server/config.ts';
import { createOneTimeCodes } from './oneTimeCodes';
import * as repository from './repository';

/**
 * What other subjects, the operator's commands and the tests ask of the staff tables, each handed
 * the storage (a server's, or one a command opened) rather than the database itself.
 */
type StaffStorage = { db: Parameters<typeof repository.findStaffAccount>[0] };

/** A new account, or undefined when its email is already another account's (`npm run staff:add`, the tests' sign-in). */
export function registerStaffAccount(storage: StaffStorage, account: repository.NewStaffAccount) {
  return repository.createStaffAccount(storage.db, account);
}

/** The first Owner's account, whose password ADMIN_PASSWORD sets; undefined before the first start. */
export function firstOwner(storage: StaffStorage) {
  return repository.findFirstOwner(storage.db);
}

export function staffAccountWithEmail(storage: StaffStorage, email: string) {
  return repository.findStaffAccountByEmail(storage.db, email);
}

/** Sets the first Owner's password (creating that account on a new install), ending their sessions; answers its id and version. */
export function changeFirstOwnerPassword(storage: StaffStorage, passwordHash: string, changedAt: string) {
  return repository.setFirstOwnerPassword(storage.db, passwordHash, changedAt);
}

/** Writes one of the staff side's settings as the account `by` did, without the audit entry of the Owner's page. */
export function saveStaffSetting<Name extends keyof StaffSettings>(
  storage: StaffStorage,
  name: Name,
  value: StaffSettings[Name],
  change: { at: string; by: number },
) {
  return repository.writeStaffSetting(storage.db, name, value, change);
}

/** A secret the server keeps under `name` (a signing key), made with `generate()` on first use. */
export function keptSecret(storage: StaffStorage, name: string, generate: () => string, createdAt: string) {
  return repository.staffSecret(storage.db, name, generate, createdAt);
}

/** Counts a sign-in attempt in the login limit's table (the parents' sign-in shares it), unless the client is at its limit. */
export function reserveSignInAttempt(
  storage: StaffStorage,
  attempt: Parameters<typeof repository.reserveLoginAttempt>[1],
) {
  return repository.reserveLoginAttempt(storage.db, attempt);
}

/** A successful sign-in wipes the client's counted failures (only those at `accountKeys` when given). */
export function clearSignInAttempts(storage: StaffStorage, clientKey: string, accountKeys?: string[]) {
  return repository.clearLoginAttempts(storage.db, clientKey, accountKeys);
}

/** The one-time codes of a storage a command opened (`npm run staff:sign-in-code`), with no outbox to wake: the command prints the code. */
export function oneTimeCodesOf(config: Config, storage: StaffStorage) {
  return createOneTimeCodes(config, repository.createStaffRepository(storage.db));
}

/** Deletes the link emails never sent whose link has expired (made before `createdBefore`), for the retention purge; answers how many. */
export function deleteDeadLinkMail(storage: StaffStorage, createdBefore: string) {
  return repository.deleteUnsentStaffMailBefore(storage.db, createdBefore);
}
