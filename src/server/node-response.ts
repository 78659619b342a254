import { ServerResponse, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import type { NodeRequest } from './node-request.ts';
import { endInOneWrite, storeCheckedHeaders, storeMadeHead } from './node-internals.ts';
// our own server's checks, which accept and refuse the same names and values as node:http's
import { invalidValue, tokenPattern } from './http1/outgoing.ts';
import { isLastRequestId } from '../http/request-id.ts';

/**
 * A header name that passed node's test, and values of it that passed: most responses of
 * an application repeat the same few values for a name (a Content-Type, the security
 * headers), and a value equal to one that passed is as safe, found without a test.
 */
interface KnownName {
  readonly name: string;
  /** Whether node reads the name for itself as it writes the head (see readByNode). */
  readonly readByNode: boolean;
  /** Values that passed; undefined once the name has had too many to keep (a request id). */
  values: string[] | undefined;
  /** The header line of each of `values`, same index, made once. */
  readonly lines: string[];
}

/**
 * Names whose headers change what node writes or does besides their own line (a
 * Connection or Transfer-Encoding header, a Date of the application's, an Expect, a
 * Trailer, a Keep-Alive, a Content-Disposition node may rewrite as latin1): a list with
 * one is left to node to write. Content-Length is read apart (see Sequence).
 */
const readByNode = new Set(['connection', 'transfer-encoding', 'date', 'expect', 'trailer', 'keep-alive']);

/** Names remembered, so odd names cannot grow the table without end. */
const maxKnownNames = 1024;
/** Values remembered per name: past it, the name's values vary too much to be worth comparing. */
const maxKnownValues = 4;
/** The longest value remembered: long ones are rarely repeated, and they would hold memory. */
const maxKnownValueLength = 512;
const knownNames = new Map<string, KnownName>();

/**
 * The name's entry, or undefined for one node must see itself: a name node refuses (it
 * throws its own error), a name that is an array index, which an object would
 * enumerate before the others, out of the response's order, and Content-Disposition,
 * whose value node turns into latin1 bytes after a Content-Length, and then tests.
 */
function isContentDisposition(name: string): boolean {
  return name.length === 19 && name.toLowerCase() === 'content-disposition';
}

function knownName(name: string): KnownName | undefined {
  let known = knownNames.get(name);
  if (known === undefined) {
    if (!tokenPattern.test(name) || String(Number(name)) === name || isContentDisposition(name)) return undefined;
    known = { name, readByNode: readByNode.has(name.toLowerCase()), values: [], lines: [] };
    if (knownNames.size < maxKnownNames) knownNames.set(name, known);
  }
  return known;
}

/**
 * The header line of `value` if node would take it without an error (equal to a value
 * that passed, or passing now), else undefined.
 */
function lineOf(known: KnownName, value: string): string | undefined {
  const values = known.values;
  if (values !== undefined) {
    for (let i = 0; i < values.length; i++) if (values[i] === value) return known.lines[i];
  }
  // the request id, new on each response, is valid as made (see isLastRequestId)
  if (!isLastRequestId(value) && invalidValue.test(value)) return undefined;
  if (values !== undefined) {
    if (values.length === maxKnownValues || value.length > maxKnownValueLength) {
      known.values = undefined;
      known.lines.length = 0;
    } else {
      // joined, which makes one flat string, copied as it is into each head that has it
      const line = [known.name, ': ', value, '\r\n'].join('');
      values.push(value);
      known.lines.push(line);
      return line;
    }
  }
  return `${known.name}: ${value}\r\n`;
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
  /**
   * The place of the sequence's one Content-Length when the head can be made here (see
   * storeMadeHead): no name twice and no name node reads for itself; else -1.
   */
  readonly contentLength: number;
}

const noHeaders: Sequence = { name: undefined, store: Object.create(noMembers) as object, pairs: [], next: [], contentLength: -1 };
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
  let contentLength = -1;
  if (store !== undefined && !pairs.some(([name]) => readByNode.has(name.toLowerCase()))) contentLength = pairs.findIndex(([name]) => name.toLowerCase() === 'content-length');
  const longer: Sequence = { name: known, store, pairs, next: [], contentLength };
  next.push(longer);
  return longer;
}

/** The sequence seen after `sequence` whose last name is `name`, if there is one. */
function nextNamed(sequence: Sequence, name: string): Sequence | undefined {
  const next = sequence.next;
  for (let i = 0; i < next.length; i++) if (next[i]!.name!.name === name) return next[i];
  return undefined;
}

/** Has the response run what waits for its one write (NodeResponse's own, set by the class). */
let afterWrite: (res: ServerResponse) => void;

/** The header lines of the list checked last, one after the other. */
let lines = '';

/**
 * The sequence of the `[name, value, ...]` list's names, each name and value checked as
 * node checks them, their lines in `lines`; undefined when node must see the list itself:
 * a name or value it would refuse (its error is then its own), a list of values.
 */
function checkedSequence(list: readonly OutgoingHttpHeader[]): Sequence | undefined {
  if (list.length % 2 !== 0) return undefined;
  let text = '';
  let sequence: Sequence | undefined = noHeaders;
  for (let i = 0; i < list.length; i += 2) {
    const name = list[i];
    const value = list[i + 1];
    if (typeof name !== 'string' || typeof value !== 'string') return undefined;
    // the names of a response mostly follow a sequence seen before: the next one is then
    // among the sequence's next names, found by comparing them, without the table's lookup
    let longer = nextNamed(sequence, name);
    let known: KnownName | undefined;
    if (longer !== undefined) {
      known = longer.name!;
    } else {
      known = knownName(name);
      if (known === undefined) return undefined;
      longer = followedBy(sequence, known);
      if (longer === undefined) return undefined;
    }
    const line = lineOf(known, value);
    if (line === undefined) return undefined;
    text += line;
    sequence = longer;
  }
  lines = text;
  return sequence;
}

/**
 * node's own header store (lowercase name → `[name, value]`) of a checked list's
 * sequence, undefined for a name twice. Valid until the next call: the store is the
 * sequence's own, filled with this list's values.
 */
function storeOf(sequence: Sequence, list: readonly OutgoingHttpHeader[]): object | undefined {
  const pairs = sequence.pairs;
  for (let i = 0; i < pairs.length; i++) pairs[i]![1] = list[2 * i + 1] as string;
  return sequence.store;
}

/** The status line of each code, with the text it was made with: the text it is written with mostly. */
const statusLines = new Map<number, { text: string; line: string }>();

/** `HTTP/1.1 <code> <text>`, or undefined for a text node refuses. */
function statusLineOf(statusCode: number, statusText: string): string | undefined {
  const known = statusLines.get(statusCode);
  if (known !== undefined && known.text === statusText) return known.line;
  if (invalidValue.test(statusText)) return undefined;
  const line = [`HTTP/1.1 ${statusCode} `, statusText, '\r\n'].join('');
  if (statusLines.size < maxKnownNames) statusLines.set(statusCode, { text: statusText, line });
  return line;
}

/** A status whose response node gives a body: a 1xx, 204 and 304 are left to node. */
function hasBody(statusCode: number): boolean {
  return (statusCode | 0) === statusCode && statusCode >= 200 && statusCode <= 999 && statusCode !== 204 && statusCode !== 304;
}

/**
 * node:http's response as the adapter writes it. `writeHead` with a header list checks
 * each name and value with a regular expression on every response; here a list whose
 * names and values were checked before is handed to node as its own store of headers,
 * which node writes unchecked (as it does headers given by `setHeader`, checked when set),
 * for the time of `writeHead`: the same lines in the same order, node's own error for a
 * header it refuses, and no headers kept on the response afterwards, as with a list.
 * A list with a Content-Length and none of the names node reads for itself goes further:
 * its head is made here as node would make it, one flat string (see storeMadeHead).
 */
export class NodeResponse extends ServerResponse<NodeRequest> {
  /** Whether the one write of `end(body)` (endInOneWrite) is under way. */
  #writing = false;
  /** What to run once it is done (see whenWritten). */
  #onWritten: (() => void) | undefined = undefined;

  static {
    afterWrite = (res) => (res as NodeResponse).#written();
  }

  override writeHead(statusCode: number, statusText?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    if ((typeof statusText === 'string' || statusText === undefined) && Array.isArray(headers)) {
      const sequence = checkedSequence(headers);
      if (sequence === undefined) return super.writeHead(statusCode, statusText as string, headers);
      if (sequence.contentLength !== -1 && typeof statusText === 'string' && hasBody(statusCode)) {
        const statusLine = statusLineOf(statusCode, statusText);
        if (statusLine !== undefined) {
          if (storeMadeHead(this, statusCode, statusText, statusLine + lines, +(headers[2 * sequence.contentLength + 1] as string))) return this;
        }
      }
      const store = storeOf(sequence, headers);
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
    if (typeof chunk === 'string' && chunk !== '' && encoding === undefined && callback === undefined) {
      this.#writing = true;
      if (endInOneWrite(this, chunk, afterWrite)) return this;
      this.#writing = false;
    }
    return super.end(chunk, encoding as BufferEncoding, callback as () => void);
  }

  /**
   * Runs `listener` once the one write that ended the response is done: the client has
   * the response (after 'finish'), or the write failed, its client gone. True; false,
   * having done nothing, when the response was not ended so or that write is done: the
   * caller then waits for 'close'. Where it applies, this spares a listener on 'close',
   * which node emits a tick later.
   */
  whenWritten(listener: () => void): boolean {
    if (!this.#writing) return false;
    this.#onWritten = listener;
    return true;
  }

  #written(): void {
    this.#writing = false;
    const listener = this.#onWritten;
    if (listener === undefined) return;
    this.#onWritten = undefined;
    listener();
  }
}
