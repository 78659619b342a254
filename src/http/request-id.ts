import { randomBytes } from 'node:crypto';
import type { Request } from './request.ts';
import { RequestSlot } from './request-slot.ts';

/** The header a proxy sets and the response echoes. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id from a proxy may look like: short and printable, so it cannot forge a log line. */
const acceptable = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

const ids = new RequestSlot<string>('request id');

/** The character code of each hex digit, for the counter part of new ids. */
const hexDigit = Array.from({ length: 16 }, (_, digit) => digit.toString(16).charCodeAt(0));

/** How many ids one random prefix serves: the counter's three bytes. */
const PER_PREFIX = 0x1000000;
/** The length of an id: the prefix's thirty characters (dashes included), the counter's six. */
const ID_LENGTH = 36;
const PREFIX_LENGTH = 30;
/**
 * How many ids are written out at once. A kept id keeps its batch's text alive, so the
 * batch stays small; it divides PER_PREFIX, so a batch never straddles two prefixes.
 */
const PER_BATCH = 64;

/** The next batch's ids, side by side, the prefix written at each renewal. */
const batchBytes = Buffer.alloc(PER_BATCH * ID_LENGTH);
/** The current batch's ids as one flat string, each id a slice of it. */
let batch = '';
let counter = PER_PREFIX;

/**
 * A new id in the UUID form (version 4, RFC 9562 variant): 26 random hex digits drawn per
 * process (and again every sixteen million ids), then a counter. Unique across processes
 * and instances by the random part, within the process by the counter, where `randomUUID`
 * formats sixteen fresh bytes for every request. Not a secret: nothing trusts an id for
 * being unguessable.
 *
 * The ids are written a batch at a time into one string and handed out as slices of it.
 * A slice of a flat string is flat: the header check and the socket write read it as it
 * is, where a concatenated id (prefix plus counter) would first be copied into a flat
 * string through the runtime, at several times the cost of making it.
 */
export function newRequestId(): string {
  const slot = counter % PER_BATCH;
  if (slot === 0) writeBatch();
  counter++;
  return batch.slice(slot * ID_LENGTH, (slot + 1) * ID_LENGTH);
}

/** Writes the ids of the counter's next batch, after a new prefix if the last one is used up. */
function writeBatch(): void {
  if (counter === PER_PREFIX) {
    writePrefix();
    counter = 0;
  }
  const bytes = batchBytes;
  for (let i = 0, n = counter; i < PER_BATCH; i++, n++) {
    const at = i * ID_LENGTH + PREFIX_LENGTH;
    bytes[at] = hexDigit[n >>> 20]!;
    bytes[at + 1] = hexDigit[(n >>> 16) & 0xf]!;
    bytes[at + 2] = hexDigit[(n >>> 12) & 0xf]!;
    bytes[at + 3] = hexDigit[(n >>> 8) & 0xf]!;
    bytes[at + 4] = hexDigit[(n >>> 4) & 0xf]!;
    bytes[at + 5] = hexDigit[n & 0xf]!;
  }
  batch = bytes.toString('latin1');
}

/** A fresh random prefix, written at the head of every id of the batch. */
function writePrefix(): void {
  const random = randomBytes(13);
  random[6] = (random[6]! & 0x0f) | 0x40;
  random[8] = (random[8]! & 0x3f) | 0x80;
  const hex = random.toString('hex');
  const prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 26)}`;
  for (let i = 0; i < PER_BATCH; i++) batchBytes.write(prefix, i * ID_LENGTH, 'latin1');
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
  lastId = id;
  return id;
}

/** The id requestIdOf answered last. */
let lastId: string | undefined;

/**
 * Whether `value` is the id requestIdOf answered last, so a valid header value: made
 * here of hex digits and dashes, or a proxy's that matched `acceptable`. The response
 * echoing the id asks for it just before it is written, and the transport's check of
 * header values may then take it without testing it again, where an id, new on each
 * request, is never among the values it remembers.
 */
export function isLastRequestId(value: string): boolean {
  return value === lastId;
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
