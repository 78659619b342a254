import { isIP } from 'node:net';

/**
 * Who may open the profiler: `loopback` (the default: the developer's own machine), `any`,
 * or a function of the client IP (as the request resolves it through trusted proxies).
 */
export type ClientPolicy = 'loopback' | 'any' | ((ip: string) => boolean);

export function isLoopback(ip: string): boolean {
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1';
}

export function isAllowedClient(policy: ClientPolicy, ip: string): boolean {
  if (policy === 'any') return true;
  if (policy === 'loopback') return isLoopback(ip);
  return policy(ip);
}
