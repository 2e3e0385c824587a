import { STAFF_LINK_FRAGMENT } from '#shared/staff/staffLink.ts';

/** The secret of a link to choose a password, from the address's # part, or undefined. */
export function staffLinkToken(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const hash = window.location.hash.slice(1);
  return hash.startsWith(STAFF_LINK_FRAGMENT) ? hash.slice(STAFF_LINK_FRAGMENT.length) : undefined;
}
