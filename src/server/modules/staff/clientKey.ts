import { isIPv6 } from 'node:net';

/**
 * Whom a per-client limit (logins, enquiries) counts against. IPv4 addresses count one by one;
 * an IPv6 client usually holds a whole /64 and could rotate through it, so its /64 prefix
 * counts as one client.
 */
export function loginClientKey(ip: string): string {
  const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
