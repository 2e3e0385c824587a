import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers';
import { callProcedure, mutation, PlainCallError, queryInput } from '../../api/plainCall';

type Inputs = inferRouterInputs<AppRouter>['parents'];
type Outputs = inferRouterOutputs<AppRouter>['parents'];

/** A parents' call the server refused or did not answer (the shared plain caller's error). */
export { PlainCallError as ParentRequestError };

/** Calls a parents' procedure without the tRPC client, as the staff sign-in does (decision 0006). */
const call = async <T>(procedure: keyof Outputs, init: RequestInit = {}, query = ''): Promise<T> =>
  (await callProcedure(`parents.${procedure}`, init, query)) as T;

export type ParentViewAnswer = Outputs['view'];
export type ParentDevicesAnswer = Outputs['devices'];

export const parentRequests = {
  /** The signed-in view, or null when this browser is not signed in. */
  signedInView: () => call<Outputs['signedInView']>('signedInView'),
  signIn: (input: Inputs['signIn']) => call<Outputs['signIn']>('signIn', mutation(input)),
  signOut: () => call<Outputs['signOut']>('signOut', mutation(undefined)),
  forgotPassword: (input: Inputs['forgotPassword']) =>
    call<Outputs['forgotPassword']>('forgotPassword', mutation(input)),
  linkHolder: (input: Inputs['linkHolder']) => call<Outputs['linkHolder']>('linkHolder', {}, queryInput(input)),
  choosePassword: (input: Inputs['choosePassword']) =>
    call<Outputs['choosePassword']>('choosePassword', mutation(input)),
  markRead: (input: Inputs['markRead']) => call<Outputs['markRead']>('markRead', mutation(input)),
  replaceCalendarFeed: () => call<Outputs['replaceCalendarFeed']>('replaceCalendarFeed', mutation(undefined)),
  devices: () => call<Outputs['devices']>('devices'),
  changePassword: (input: Inputs['changePassword']) =>
    call<Outputs['changePassword']>('changePassword', mutation(input)),
  chooseNoticeMail: (input: Inputs['chooseNoticeMail']) =>
    call<Outputs['chooseNoticeMail']>('chooseNoticeMail', mutation(input)),
  signOutEverywhere: () => call<Outputs['signOutEverywhere']>('signOutEverywhere', mutation(undefined)),
};

/** The words to show for a refused call: the server's, or a general one when it gave none. */
export const refusalText = (error: unknown, general: string) =>
  error instanceof PlainCallError && error.message ? error.message : general;

export type LinkHolder = Outputs['linkHolder'];
