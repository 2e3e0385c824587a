import type { inferRouterInputs } from '@trpc/server';
import type { StaffSessionStatus } from '../../../../shared/dashboard/staffAuth';
import type { AppRouter } from '../../../../server/routers';
import { callProcedure, mutation, PlainCallError } from '../../../api/plainCall';

/** The sign-in screen's refused or unanswered call (the shared plain caller's error). */
export { PlainCallError as SessionRequestError };

/** auth.session: whether the cookie holds a live session, and whose. */
export async function askSession(): Promise<StaffSessionStatus> {
  const status = await callProcedure('auth.session');
  if (
    typeof status !== 'object' ||
    status === null ||
    !('authenticated' in status) ||
    typeof status.authenticated !== 'boolean'
  ) {
    throw new PlainCallError('', undefined);
  }
  return status as StaffSessionStatus;
}

/** auth.login; refused with the server's message (a wrong password, too many attempts, the two-step code asked for). */
export async function sendLogin(credentials: inferRouterInputs<AppRouter>['auth']['login']): Promise<void> {
  await callProcedure('auth.login', mutation(credentials));
}

/** auth.logout. */
export async function sendLogout(): Promise<void> {
  await callProcedure('auth.logout', mutation(undefined));
}
