import type { SignedInAccount } from '#shared/dashboard/staffAuth.ts';

/** Who is asking: anyone on the site, or staff once their session is checked (parents come next). */
export type Asker = { kind: 'visitor' } | { kind: 'staff'; account: SignedInAccount };

/**
 * What one request is, built once when it arrives (trpc.ts createContext) and handed to the
 * services: who asks, from which address, and the time it is for the whole request, read once
 * from the services' clock (which tests move). A service given a scope reads no clock of its own.
 */
export type RequestScope<A extends Asker = Asker> = { asker: A; clientIp: string; at: Date };

/** A request of signed-in staff. */
export type StaffScope = RequestScope<Extract<Asker, { kind: 'staff' }>>;

export function visitorScope(clientIp: string, at: Date): RequestScope {
  return { asker: { kind: 'visitor' }, clientIp, at };
}

export function staffScope(scope: RequestScope, account: SignedInAccount): StaffScope {
  return { ...scope, asker: { kind: 'staff', account } };
}
