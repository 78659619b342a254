import { randomUUID } from 'node:crypto';
import type { Request } from './request.ts';
import { RequestSlot } from './request-slot.ts';

/** The header a proxy sets and the response echoes. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id from a proxy may look like: short and printable, so it cannot forge a log line. */
const acceptable = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

const ids = new RequestSlot<string>('request id');

/**
 * The id that ties together a request's log entries, response, profile and trace spans:
 * the `X-Request-Id` a trusted proxy set (so that the proxy's logs and ours share it),
 * otherwise a new random UUID. Decided once per request; a client that is not a trusted
 * proxy cannot choose its id.
 */
export function requestIdOf(request: Request): string {
  let id = ids.get(request);
  if (id === undefined) {
    id = fromTrustedProxy(request) ?? randomUUID();
    ids.set(request, id);
  }
  return id;
}

function fromTrustedProxy(request: Request): string | undefined {
  const given = request.headers.get(REQUEST_ID_HEADER);
  if (given === undefined || !acceptable.test(given) || request.trust === undefined) return undefined;
  try {
    return request.trust.resolve(request) === undefined ? undefined : given;
  } catch {
    // conflicting forwarded headers: the request is answered 400 elsewhere, with its own id
    return undefined;
  }
}
