/**
 * Staff and sign-in: the module's only way in from outside it (decision 0052). The sign-in itself
 * is built by createStaffAuth; the rest are the helpers other subjects share (the client key of a
 * limit, password hashing and scoring, cookies) and, until the staff tables' SQL moves into
 * repository.ts, the storage calls the module's routers make.
 */
export { adminPasswordProblem, checkAdminPassword } from './adminPassword';
export { loginClientKey } from './clientKey';
export { passwordProblem } from './commonPasswords';
export { parentSessionCookieName, sessionCookieName, sessionCookieOptions } from './cookie';
export { forgetFirstOwnerPassword, FIRST_OWNER_PASSWORD_FILE } from './firstOwnerPassword';
export { createOneTimeCodes } from './oneTimeCodes';
export { generatePassword, hashPassword, verifyPassword } from './password';
export { generateSessionSecret, signingKey } from './sessionKeys';
export { accountLoginLimit, createStaffAuth, loginLimit, type StaffAuth, type StaffSession } from './staffAuth';
export { TWO_STEP_KEY_FILE } from './twoStepKey';
export { listAuditEvents } from '#server/storage/auditTrail.ts';
export { endStaffSession, openAccountSessions } from '#server/storage/staff.ts';
export {
  createStaffAccount,
  findStaffAccount,
  listStaffAccounts,
  updateStaffAccount,
  type StaffAccount,
} from '#server/storage/staffAccounts.ts';
export { latestStaffLinkMail } from '#server/storage/staffMail.ts';
export { readStaffSettings, writeStaffSetting } from '#server/storage/staffSettings.ts';
export { accountsWithTwoStep } from '#server/storage/twoStep.ts';
