import { createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';

/**
 * The network a visitor's address stands for: the address itself for IPv4, the /64 prefix for
 * IPv6, since one connection commonly owns a whole /64 and could otherwise rotate through it.
 */
export function visitorNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * The key an anonymous visitor is counted under: a keyed hash of the network only, so no raw
 * address is stored and changing the User-Agent (or any other header) does not make a new visitor.
 */
export function anonymousVisitorKey(secret: string, ip: string): string {
  return `a:${createHmac('sha256', secret).update(visitorNetwork(ip)).digest('hex').slice(0, 32)}`;
}
