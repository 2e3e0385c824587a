/**
 * Staff and sign-in: the module's only way in from outside it (decision 0052). The sign-in itself
 * is built by createStaffAuth; its routers' procedures (sign-in, own account, two-step setup) take
 * the request and answer it, refusals as TRPCErrors; the rest are the helpers other subjects share
 * (the client key of a limit, password hashing and scoring, cookies), and what the operator
 * scripts, the parents' sign-in (the shared login limit), the signing keys of other subjects and
 * the retention purge ask of the staff tables, handed the storage (staffRecords.ts).
 */
export { adminPasswordProblem, checkAdminPassword } from './adminPassword';
export { loginClientKey } from './clientKey';
export { passwordProblem } from './commonPasswords';
export { changeOwnPassword, endOwnSession, ownSessions } from './ownAccount';
export { linkHolder, setPasswordByLink } from './passwordLink';
export { sessionStatus, signIn, signOut } from './signIn';
export { parentSessionCookieName, sessionCookieName, sessionCookieOptions } from './cookie';
export { forgetFirstOwnerPassword, FIRST_OWNER_PASSWORD_FILE } from './firstOwnerPassword';
export { generatePassword, hashPassword, verifyPassword } from './password';
export { generateSessionSecret, signingKey } from './sessionKeys';
export { accountLoginLimit, createStaffAuth, loginLimit, type StaffAuth } from './staffAuth';
export type { StaffAccounts } from './staffAccounts';
export { TWO_STEP_KEY_FILE } from './twoStepKey';
export {
  confirmTwoStep,
  newRecoveryCodes,
  sendSetupCode,
  startTwoStep,
  turnTwoStepOff,
  twoStepStatus,
} from './twoStepSetup';
export {
  registerStaffAccount,
  changeFirstOwnerPassword,
  clearSignInAttempts,
  deleteDeadLinkMail,
  firstOwner,
  keptSecret,
  oneTimeCodesOf,
  reserveSignInAttempt,
  saveStaffSetting,
  staffAccountWithEmail,
} from './staffRecords';
export type { StaffAccount } from './repository';
