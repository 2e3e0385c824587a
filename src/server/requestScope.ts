import type { Request } from 'express';
import type { SignedInAccount } from '#shared/dashboard/staffAuth.ts';
import { defaultLanguage, type Language } from '#shared/languages.ts';

/**
 * Who is asking: anyone on the site, staff once their session is checked (trpc.ts), or a parent
 * once theirs is (the parents' router). Each signed-in kind carries its session (an enquiry's
 * history names staff's).
 */
export type Asker =
  | { kind: 'visitor' }
  | { kind: 'staff'; account: SignedInAccount; sessionId: string }
  | { kind: 'parent'; guardianId: number; familyId: number; sessionId: string };

/**
 * What one request is, built once when it arrives (`arrivingScope`: in trpc.ts createContext, or
 * in a REST adapter that calls a service itself) and handed to the services: who asks, from which
 * address, in which language, and the time it is for the whole request, read once from the
 * services' clock (which tests move). A service given a scope reads no clock of its own
 * (decision 0063).
 */
export type RequestScope<A extends Asker = Asker> = { asker: A; clientIp: string; language: Language; at: Date };

/** A request of signed-in staff. */
export type StaffScope = RequestScope<Extract<Asker, { kind: 'staff' }>>;

/** A request of a signed-in parent. */
export type ParentScope = RequestScope<Extract<Asker, { kind: 'parent' }>>;

/**
 * The scope of a request as it arrives, `at` read once from the services' clock: a visitor until a
 * session is checked, in the default language (none is negotiated yet).
 */
export function arrivingScope(req: Request, at: Date): RequestScope {
  return visitorScope(req.ip ?? req.socket.remoteAddress ?? 'unknown', at);
}

/** A visitor's scope from its parts: what `arrivingScope` builds, and what a test calling a service directly hands it. */
export function visitorScope(clientIp: string, at: Date): RequestScope {
  return { asker: { kind: 'visitor' }, clientIp, language: defaultLanguage, at };
}

export function staffScope(scope: RequestScope, session: { sessionId: string; account: SignedInAccount }): StaffScope {
  return { ...scope, asker: { kind: 'staff', account: session.account, sessionId: session.sessionId } };
}

export function parentScope(
  scope: RequestScope,
  guardian: { id: number; familyId: number; session: { id: string } },
): ParentScope {
  return {
    ...scope,
    asker: { kind: 'parent', guardianId: guardian.id, familyId: guardian.familyId, sessionId: guardian.session.id },
  };
}
