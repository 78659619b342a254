import { BlockList, isIP } from 'node:net';
import type { ProxyResolution, Request, TrustPolicy } from './request.ts';
import { ConflictingHeadersException } from './exception/conflicting-headers-exception.ts';
import { SluiceError } from '../exception/sluice-error.ts';

export type TrustedHeader = 'forwarded' | 'x-forwarded-for' | 'x-forwarded-proto' | 'x-forwarded-host' | 'x-forwarded-port';

export interface TrustedProxiesOptions {
  /**
   * The proxies in front of the application: IPs and CIDR ranges, v4 or v6 (IPv4-mapped
   * IPv6 peers such as `::ffff:10.0.0.1` match v4 ranges). `REMOTE_ADDR` trusts whatever
   * peer connects (a load balancer whose address is not known in advance);
   * `PRIVATE_SUBNETS` the loopback, private and link-local ranges.
   */
  proxies?: readonly string[];
  /** Which forwarded headers those proxies set; the others are ignored. */
  headers?: readonly TrustedHeader[];
  /** Host patterns (case-insensitive regular expressions) a request may name; none: any. */
  hosts?: readonly (string | RegExp)[];
}

const privateSubnets = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '0.0.0.0/8', '::1/128', 'fc00::/7', 'fe80::/10'];

/** The header names the conflict message shows (the reference shows its server-variable names). */
const headerNames: Record<TrustedHeader, string> = {
  forwarded: 'Forwarded',
  'x-forwarded-for': 'X-Forwarded-For',
  'x-forwarded-proto': 'X-Forwarded-Proto',
  'x-forwarded-host': 'X-Forwarded-Host',
  'x-forwarded-port': 'X-Forwarded-Port',
};

/**
 * Which forwarded headers to believe, and from whom. Values are read only when the
 * direct peer is a trusted proxy. The client IP chain (`X-Forwarded-For` or `Forwarded:
 * for=`) is walked from the nearest hop and stops at the first address that is not a
 * trusted proxy: that one is the client, whatever the hops before it claim. Scheme, host
 * and port are the first forwarded value (proxies must set those headers, not append).
 * A trusted `Forwarded` that disagrees with a trusted `X-Forwarded-*` throws
 * ConflictingHeadersException, which the kernel answers with 400.
 */
export class TrustedProxies implements TrustPolicy {
  readonly trustedHosts: readonly RegExp[];
  readonly #ranges = new BlockList();
  readonly #trustPeer: boolean;
  readonly #headers: ReadonlySet<TrustedHeader>;
  readonly #hasRanges: boolean;

  constructor(options: TrustedProxiesOptions = {}) {
    const proxies = options.proxies ?? [];
    this.#trustPeer = proxies.includes('REMOTE_ADDR');
    const ranges = proxies.flatMap((proxy) => (proxy === 'PRIVATE_SUBNETS' ? privateSubnets : proxy === 'REMOTE_ADDR' ? [] : [proxy]));
    for (const range of ranges) addRange(this.#ranges, range);
    this.#hasRanges = ranges.length > 0;
    this.#headers = new Set(options.headers ?? ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port']);
    this.trustedHosts = (options.hosts ?? []).map(hostPattern);
  }

  /** Whether `address` (IP, v4 or v6) is in a trusted range. */
  isTrustedProxy(address: string): boolean {
    if (!this.#hasRanges) return false;
    const ip = bareIp(address);
    return ip !== undefined && this.#ranges.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
  }

  resolve(request: Request): ProxyResolution | undefined {
    const peer = request.remoteAddress;
    if (!this.#trustPeer && !this.isTrustedProxy(peer)) return undefined;
    const scheme = this.#single(request, 'x-forwarded-proto', 'proto');
    const host = this.#single(request, 'x-forwarded-host', 'host');
    return {
      clientIps: this.#clientIps(request, peer),
      scheme: scheme === undefined ? undefined : isHttps(scheme) ? 'https' : 'http',
      host,
      port: this.#port(request, scheme),
    };
  }

  #clientIps(request: Request, peer: string): readonly string[] {
    const fromHeader = this.#walk(this.#listHeader(request, 'x-forwarded-for'), peer);
    const fromForwarded = this.#walk(this.#forwardedParams(request, 'for'), peer);
    if (fromHeader === undefined) return fromForwarded ?? [peer];
    if (fromForwarded !== undefined && !sameList(fromHeader, fromForwarded)) throw conflict('x-forwarded-for');
    return fromHeader;
  }

  /** The client and what lies beyond it, nearest first; undefined when the header says nothing. */
  #walk(chain: readonly string[] | undefined, peer: string): readonly string[] | undefined {
    if (chain === undefined || chain.length === 0) return undefined;
    let client = peer;
    for (let i = chain.length - 1; i >= 0; i--) {
      const ip = bareIp(chain[i]!);
      // A trusted proxy forwarded garbage (`unknown`, an obfuscated id): it is the last hop we know.
      if (ip === undefined) return [client];
      if (!this.isTrustedProxy(ip)) {
        const beyond = chain.slice(0, i).map(bareIp).filter((hop): hop is string => hop !== undefined).reverse();
        return [ip, ...beyond];
      }
      client = ip;
    }
    return [client];
  }

  /** The first value of a header and of its `Forwarded` parameter, which must agree. */
  #single(request: Request, header: 'x-forwarded-proto' | 'x-forwarded-host', param: string): string | undefined {
    const fromHeader = this.#listHeader(request, header)?.[0];
    const fromForwarded = this.#forwardedParams(request, param)?.[0];
    if (fromHeader !== undefined && fromForwarded !== undefined && fromHeader.toLowerCase() !== fromForwarded.toLowerCase()) throw conflict(header);
    return fromHeader ?? fromForwarded;
  }

  /**
   * X-Forwarded-Port, checked against the port of `Forwarded: host=`: the one it names, else
   * the forwarded scheme's default (neither: nothing to compare).
   */
  #port(request: Request, scheme: string | undefined): number | undefined {
    const value = this.#listHeader(request, 'x-forwarded-port')?.[0];
    if (value === undefined || !/^\d{1,5}$/.test(value)) return undefined;
    const port = Number(value);
    const forwardedHost = this.#forwardedParams(request, 'host')?.[0];
    const named = forwardedHost === undefined || forwardedHost.endsWith(']') ? null : /:(\d+)$/.exec(forwardedHost);
    let forwardedPort: number | undefined;
    if (named !== null) forwardedPort = Number(named[1]);
    else if (forwardedHost !== undefined && scheme !== undefined) forwardedPort = isHttps(scheme) ? 443 : 80;
    if (forwardedPort !== undefined && forwardedPort !== port) throw conflict('x-forwarded-port');
    return port;
  }

  #listHeader(request: Request, header: Exclude<TrustedHeader, 'forwarded'>): string[] | undefined {
    if (!this.#headers.has(header)) return undefined;
    const values = request.headers.all(header).flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value !== '');
    return values.length === 0 ? undefined : values;
  }

  #forwardedParams(request: Request, param: string): string[] | undefined {
    if (!this.#headers.has('forwarded')) return undefined;
    const header = request.headers.all('forwarded').join(',');
    if (header === '') return undefined;
    const values = parseForwarded(header).flatMap((element) => (element[param] === undefined ? [] : [element[param]!]));
    return values.length === 0 ? undefined : values;
  }
}

function isHttps(proto: string): boolean {
  return ['https', 'on', 'ssl', '1'].includes(proto.toLowerCase());
}

function conflict(header: Exclude<TrustedHeader, 'forwarded'>): ConflictingHeadersException {
  return new ConflictingHeadersException(
    `The request has both a trusted "${headerNames.forwarded}" header and a trusted "${headerNames[header]}" header, conflicting with each other. ` +
      'You should either configure your proxy to remove one of them, or configure your project to distrust the offending one.',
  );
}

/**
 * RFC 7239 `Forwarded`: elements separated by commas, `name=value` pairs by semicolons,
 * values as tokens or quoted strings (`for="[2001:db8::1]:4711"`). Names are case-insensitive.
 */
function parseForwarded(header: string): Array<Record<string, string>> {
  const elements: Array<Record<string, string>> = [];
  let element: Record<string, string> = {};
  let i = 0;
  while (i < header.length) {
    const eq = header.indexOf('=', i);
    const stop = firstOf(header, i, ',;');
    if (eq === -1 || (stop !== -1 && stop < eq)) {
      // a pair without `=` is malformed; skip to the next separator
      i = stop === -1 ? header.length : stop;
    } else {
      const name = header.slice(i, eq).trim().toLowerCase();
      let value = '';
      i = eq + 1;
      while (i < header.length && (header[i] === ' ' || header[i] === '\t')) i++;
      if (header[i] === '"') {
        for (i++; i < header.length && header[i] !== '"'; i++) value += header[i] === '\\' ? (header[++i] ?? '') : header[i];
        i++;
        const next = firstOf(header, i, ',;');
        i = next === -1 ? header.length : next;
      } else {
        const next = firstOf(header, i, ',;');
        value = header.slice(i, next === -1 ? header.length : next).trim();
        i = next === -1 ? header.length : next;
      }
      if (name !== '' && !(name in element)) element[name] = value;
    }
    if (header[i] === ',' || i >= header.length) {
      if (Object.keys(element).length > 0) elements.push(element);
      element = {};
    }
    i++;
  }
  return elements;
}

function firstOf(text: string, from: number, chars: string): number {
  for (let i = from; i < text.length; i++) if (chars.includes(text[i]!)) return i;
  return -1;
}

/** The IP of a forwarded node (`1.2.3.4:80`, `[::1]:80`, `::1`, `fe80::1%eth0`), or undefined when it is none. */
function bareIp(node: string): string | undefined {
  let ip = node.trim();
  if (ip.startsWith('[')) ip = ip.slice(1, ip.indexOf(']') === -1 ? undefined : ip.indexOf(']'));
  else if (ip.includes('.') && ip.indexOf(':') === ip.lastIndexOf(':')) ip = ip.replace(/:\d*$/, '');
  ip = ip.replace(/%.*$/, '');
  return isIP(ip) === 0 ? undefined : ip;
}

function addRange(list: BlockList, range: string): void {
  const [address = '', prefix] = range.split('/');
  const family = isIP(address);
  if (family === 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
    throw new SluiceError('SLUICE_INVALID_TRUSTED_PROXY', { range });
  }
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (prefix === undefined) list.addAddress(address, type);
  else if (Number(prefix) > (family === 6 ? 128 : 32)) throw new SluiceError('SLUICE_TRUSTED_PROXY_PREFIX_TOO_LONG', { range, family });
  else list.addSubnet(address, Number(prefix), type);
}

function hostPattern(pattern: string | RegExp): RegExp {
  if (pattern instanceof RegExp) return pattern.flags.includes('i') ? pattern : new RegExp(pattern.source, `${pattern.flags}i`);
  try {
    return new RegExp(pattern, 'i');
  } catch (error) {
    throw new SluiceError('SLUICE_INVALID_TRUSTED_HOST', { pattern, reason: (error as Error).message });
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
