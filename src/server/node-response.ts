import { ServerResponse, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import type { NodeRequest } from './node-request.ts';
import { endInOneWrite, storeCheckedHeaders } from './node-internals.ts';

/** The names node:http takes without a test (`checkIsHttpToken`), the same expression. */
const tokenPattern = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
/** Characters node:http refuses in a value (`checkInvalidHeaderChar`), the same expression. */
const invalidValue = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * A header name that passed node's test, and values of it that passed: most responses of
 * an application repeat the same few values for a name (a Content-Type, the security
 * headers), and a value equal to one that passed is as safe, found without a test.
 */
interface KnownName {
  /** The key node files the header under. */
  readonly key: string;
  /** Values that passed; undefined once the name has had too many to keep (a request id). */
  values: string[] | undefined;
}

/** Names remembered, so odd names cannot grow the table without end. */
const maxKnownNames = 1024;
/** Values remembered per name: past it, the name's values vary too much to be worth comparing. */
const maxKnownValues = 4;
/** The longest value remembered: long ones are rarely repeated, and they would hold memory. */
const maxKnownValueLength = 512;
const knownNames = new Map<string, KnownName>();

/**
 * The name's entry, or undefined for one node must see itself: a name node refuses (it
 * throws its own error), and a name that is an array index, which an object would
 * enumerate before the others, out of the response's order.
 */
function knownName(name: string): KnownName | undefined {
  let known = knownNames.get(name);
  if (known === undefined) {
    if (!tokenPattern.test(name) || String(Number(name)) === name) return undefined;
    known = { key: name.toLowerCase(), values: [] };
    if (knownNames.size < maxKnownNames) knownNames.set(name, known);
  }
  return known;
}

/** Whether node would take `value` without an error: equal to a value that passed, or passing now. */
function passes(known: KnownName, value: string): boolean {
  const values = known.values;
  if (values !== undefined) {
    for (let i = 0; i < values.length; i++) if (values[i] === value) return true;
  }
  if (invalidValue.test(value)) return false;
  if (values !== undefined) {
    if (values.length === maxKnownValues || value.length > maxKnownValueLength) known.values = undefined;
    else values.push(value);
  }
  return true;
}

/** Where node keeps the headers set one by one: lowercase name → [name as written, value], nothing inherited. */
const noMembers: object = Object.create(null) as object;

/**
 * The `[name, value, ...]` list as node's own header store, each name and value checked
 * as node checks them; undefined when node must see the list itself: a name or value it
 * would refuse (its error is then its own), a list of values, or a name twice.
 */
function checkedStore(list: readonly OutgoingHttpHeader[]): Record<string, [string, string]> | undefined {
  const store = Object.create(noMembers) as Record<string, [string, string] | undefined>;
  for (let i = 0; i + 1 < list.length; i += 2) {
    const name = list[i];
    const value = list[i + 1];
    if (typeof name !== 'string' || typeof value !== 'string') return undefined;
    const known = knownName(name);
    if (known === undefined || !passes(known, value) || store[known.key] !== undefined) return undefined;
    store[known.key] = [name, value];
  }
  return list.length % 2 === 0 ? (store as Record<string, [string, string]>) : undefined;
}

/**
 * node:http's response as the adapter writes it. `writeHead` with a header list checks
 * each name and value with a regular expression on every response; here a list whose
 * names and values were checked before goes into node's own store of headers, which node
 * writes unchecked (as it does headers given by `setHeader`, checked when set): the
 * same lines in the same order, and node's own error for a header it refuses.
 */
export class NodeResponse extends ServerResponse<NodeRequest> {
  override writeHead(statusCode: number, statusText?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    if ((typeof statusText === 'string' || statusText === undefined) && Array.isArray(headers)) {
      const store = checkedStore(headers);
      if (store !== undefined && storeCheckedHeaders(this, store)) {
        try {
          return super.writeHead(statusCode, statusText);
        } catch (error) {
          // refused for its status: a next writeHead (the bare 500) must not find these headers
          storeCheckedHeaders(this, undefined);
          throw error;
        }
      }
    }
    return super.writeHead(statusCode, statusText as string, headers);
  }

  /** `end(body)` of a made head and a text body in one write of the socket (see endInOneWrite); anything else as node ends it. */
  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    if (typeof chunk === 'string' && chunk !== '' && encoding === undefined && callback === undefined && endInOneWrite(this, chunk)) return this;
    return super.end(chunk, encoding as BufferEncoding, callback as () => void);
  }
}
