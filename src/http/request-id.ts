import { randomBytes } from 'node:crypto';
import type { Request } from './request.ts';
import { RequestSlot } from './request-slot.ts';

/** The header a proxy sets and the response echoes. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id from a proxy may look like: short and printable, so it cannot forge a log line. */
const acceptable = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

const ids = new RequestSlot<string>('request id');

/** Two hex digits per byte value, for the counter part of new ids. */
const hexByte = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** How many ids one random prefix serves: the counter's three bytes. */
const PER_PREFIX = 0x1000000;

let prefix = '';
let counter = PER_PREFIX;

/**
 * A new id in the UUID form (version 4, RFC 9562 variant): 26 random hex digits drawn per
 * process (and again every sixteen million ids), then a counter. Unique across processes
 * and instances by the random part, within the process by the counter, at the cost of a
 * string concatenation, where `randomUUID` formats sixteen fresh bytes for every request.
 * Not a secret: nothing trusts an id for being unguessable.
 */
export function newRequestId(): string {
  if (counter === PER_PREFIX) {
    const bytes = randomBytes(13);
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 26)}`;
    counter = 0;
  }
  const n = counter++;
  return prefix + hexByte[n >>> 16]! + hexByte[(n >>> 8) & 0xff]! + hexByte[n & 0xff]!;
}

/**
 * The id that ties together a request's log entries, response, profile and trace spans:
 * the `X-Request-Id` a trusted proxy set (so that the proxy's logs and ours share it),
 * otherwise a new id in the UUID form (newRequestId). Decided once per request; a client that is not a trusted
 * proxy cannot choose its id.
 */
export function requestIdOf(request: Request): string {
  let id = ids.get(request);
  if (id === undefined) {
    id = fromTrustedProxy(request) ?? newRequestId();
    ids.set(request, id);
  }
  return id;
}

function fromTrustedProxy(request: Request): string | undefined {
  if (request.trust === undefined) return undefined;
  const given = request.headers.get(REQUEST_ID_HEADER);
  if (given === undefined || !acceptable.test(given)) return undefined;
  try {
    return request.trust.resolve(request) === undefined ? undefined : given;
  } catch {
    // conflicting forwarded headers: the request is answered 400 elsewhere, with its own id
    return undefined;
  }
}
