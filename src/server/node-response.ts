import { ServerResponse, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import type { NodeRequest } from './node-request.ts';
import { endInOneWrite, storeCheckedHeaders } from './node-internals.ts';
// our own server's checks, which accept and refuse the same names and values as node:http's
import { invalidValue, tokenPattern } from './http1/outgoing.ts';

/**
 * A header name that passed node's test, and values of it that passed: most responses of
 * an application repeat the same few values for a name (a Content-Type, the security
 * headers), and a value equal to one that passed is as safe, found without a test.
 */
interface KnownName {
  readonly name: string;
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
    known = { name, values: [] };
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

/** Nothing inherited: a store answers for no name it was not given, as node's own (made with no prototype). */
const noMembers: object = Object.create(null) as object;

/**
 * The store node would make for one sequence of header names (lowercase name → `[name,
 * value]`), kept for the responses that send those names in that order, each putting its
 * values in the pairs before the store is handed to node. A response's headers come in
 * the same order from the same code, so an application has few sequences; the next
 * names after this one lead to the longer sequences.
 */
interface Sequence {
  readonly name: KnownName | undefined;
  /** Undefined when node must see the list itself: a name twice in the sequence, which one store cannot hold. */
  readonly store: object | undefined;
  /** The store's pairs, in the sequence's order. */
  readonly pairs: Array<[string, string]>;
  readonly next: Sequence[];
}

const noHeaders: Sequence = { name: undefined, store: Object.create(noMembers) as object, pairs: [], next: [] };
/** Sequences remembered, so responses with ever new names cannot grow them without end. */
const maxSequences = 1024;
let sequences = 1;

/** `sequence` followed by `known`: found among those seen, else made (undefined past maxSequences). */
function followedBy(sequence: Sequence, known: KnownName): Sequence | undefined {
  const next = sequence.next;
  for (let i = 0; i < next.length; i++) if (next[i]!.name === known) return next[i];
  if (sequences === maxSequences) return undefined;
  sequences++;
  const pairs: Array<[string, string]> = sequence.pairs.map(([name]) => [name, '']);
  pairs.push([known.name, '']);
  let store: Record<string, [string, string]> | undefined = Object.create(noMembers) as Record<string, [string, string]>;
  for (const pair of pairs) {
    const key = pair[0].toLowerCase();
    if (key in store) {
      store = undefined;
      break;
    }
    store[key] = pair;
  }
  const longer: Sequence = { name: known, store, pairs, next: [] };
  next.push(longer);
  return longer;
}

/** The sequence seen after `sequence` whose last name is `name`, if there is one. */
function nextNamed(sequence: Sequence, name: string): Sequence | undefined {
  const next = sequence.next;
  for (let i = 0; i < next.length; i++) if (next[i]!.name!.name === name) return next[i];
  return undefined;
}

/**
 * The `[name, value, ...]` list as node's own header store, each name and value checked
 * as node checks them; undefined when node must see the list itself: a name or value it
 * would refuse (its error is then its own), a list of values, or a name twice. Valid until
 * the next call: the store is the sequence's own, filled with this list's values.
 */
function checkedStore(list: readonly OutgoingHttpHeader[]): object | undefined {
  if (list.length % 2 !== 0) return undefined;
  let sequence: Sequence | undefined = noHeaders;
  for (let i = 0; i < list.length; i += 2) {
    const name = list[i];
    const value = list[i + 1];
    if (typeof name !== 'string' || typeof value !== 'string') return undefined;
    // the names of a response mostly follow a sequence seen before: the next one is then
    // among the sequence's next names, found by comparing them, without the table's lookup
    const longer = nextNamed(sequence, name);
    if (longer !== undefined) {
      if (!passes(longer.name!, value)) return undefined;
      sequence = longer;
      continue;
    }
    const known = knownName(name);
    if (known === undefined || !passes(known, value)) return undefined;
    sequence = followedBy(sequence, known);
    if (sequence === undefined) return undefined;
  }
  const pairs = sequence.pairs;
  for (let i = 0; i < pairs.length; i++) pairs[i]![1] = list[2 * i + 1] as string;
  return sequence.store;
}

/**
 * node:http's response as the adapter writes it. `writeHead` with a header list checks
 * each name and value with a regular expression on every response; here a list whose
 * names and values were checked before is handed to node as its own store of headers,
 * which node writes unchecked (as it does headers given by `setHeader`, checked when set),
 * for the time of `writeHead`: the same lines in the same order, node's own error for a
 * header it refuses, and no headers kept on the response afterwards, as with a list.
 */
export class NodeResponse extends ServerResponse<NodeRequest> {
  override writeHead(statusCode: number, statusText?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    if ((typeof statusText === 'string' || statusText === undefined) && Array.isArray(headers)) {
      const store = checkedStore(headers);
      if (store !== undefined && storeCheckedHeaders(this, store)) {
        try {
          return super.writeHead(statusCode, statusText);
        } finally {
          // written into the head (or refused for its status): the response keeps no headers,
          // as after node's writeHead of a list, and the store serves the next response
          storeCheckedHeaders(this, undefined);
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
