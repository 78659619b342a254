import { METHODS } from 'node:http';
import { headerKey } from '../../http/header-name.ts';
import { latin1Text } from '../node-internals.ts';
import { HttpParseError } from './http-parse-error.ts';

/**
 * The head of an HTTP/1.x request (RFC 9112): request line and header fields, parsed from
 * the bytes up to the empty line, strictly. Whatever a lenient parser would have to guess
 * at (a bare CR or LF, a folded header, a space before the colon, a control character, two
 * framings for one body) is refused: such guesses are what request smuggling feeds on.
 */

export type HeaderValue = string | string[];

export interface RequestHead {
  readonly method: string;
  /** The request target as sent (no decoding). */
  readonly url: string;
  readonly httpVersion: '1.0' | '1.1';
  /** Lowercase names; repeated fields joined as node:http joins them (`set-cookie` a list). */
  readonly headers: Record<string, HeaderValue>;
  /** Whether the connection may carry another request after this one. */
  readonly keepAlive: boolean;
  /** The body's framing: 0 none, a byte count, or `chunked`. */
  readonly body: number | 'chunked';
  /** `Expect: 100-continue`: the client waits for a 100 before sending its body. */
  readonly expectContinue: boolean;
}

/** Octet classes for the hand-written scan below (a regex per line costs several times more). */
const TOKEN = 1;
/** A visible octet: VCHAR or obs-text, what a field value is made of. */
const VISIBLE = 2;
/** VCHAR: what a request target is made of (no obs-text: a raw byte there is refused, as llhttp refuses it). */
const TARGET = 4;
const classes = new Uint8Array(256);
for (let octet = 0x21; octet <= 0xff; octet++) if (octet !== 0x7f) classes[octet] = VISIBLE | (octet < 0x7f ? TARGET : 0);
for (const char of "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") classes[char.charCodeAt(0)] |= TOKEN;

const digits = /^\d+$/;

/**
 * The methods llhttp knows (node:http's list), which are case-sensitive: another token is a
 * 501. CONNECT is among them, but this server opens no tunnels, so it is a 501 as well.
 */
const knownMethods = new Set(METHODS.filter((method) => method !== 'CONNECT'));

/** An absolute-form target (RFC 9112 §3.2.2): the scheme, the authority, then the path and query. */
const absoluteForm = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/([^/?#@]+)([^#]*)$/;

/** Fields node:http keeps the first of when repeated (a second one would be ambiguous). */
const firstWins = new Set([
  'age', 'authorization', 'content-length', 'content-type', 'etag', 'expires', 'from', 'host', 'if-modified-since',
  'if-unmodified-since', 'last-modified', 'location', 'max-forwards', 'proxy-authorization', 'referer', 'retry-after',
  'server', 'user-agent',
]);

/** What the parser does with a field beyond storing it. */
const enum Kind {
  Other,
  FirstWins,
  Host,
  ContentLength,
  TransferEncoding,
  Connection,
  Expect,
  Cookie,
  SetCookie,
}

interface Field {
  /** The name as spelled in the request, as octets (compared with a request's faster than a string's characters). */
  readonly octets: Uint8Array;
  /** The lowercase name, as headerKey gives it (the string HeaderBag looks headers up by). */
  readonly name: string;
  readonly kind: Kind;
}

/**
 * The field names seen before, with their lowercase names and kinds, in buckets chosen by
 * a few of the name's octets: a name whose octets equal a field's in its bucket is known
 * without cutting it out of the head and hashing it as a string, which is most of what a
 * name costs otherwise. One structure, so a name is looked up once whether it is common or
 * not.
 */
const fieldBuckets: Field[][] = Array.from({ length: 256 }, (): Field[] => []);
/**
 * Fields kept per bucket, so clients cannot grow the table without end; a name new to a
 * full bucket takes the place of its last field, so common names come back after odd ones
 * pushed them out.
 */
const maxFieldsPerBucket = 4;

/** Whether the octets of `bytes` from `start` to `end` are `octets`. */
function spells(bytes: Buffer, start: number, end: number, octets: Uint8Array): boolean {
  if (end - start !== octets.length) return false;
  for (let i = start, j = 0; i < end; i++, j++) if (bytes[i] !== octets[j]) return false;
  return true;
}

/** A field for a name its bucket does not hold, added to the bucket. */
function newField(bucket: Field[], spelling: string): Field {
  const name = headerKey(spelling);
  const field: Field = { octets: Buffer.from(spelling, 'latin1'), name, kind: kindOf(name) };
  if (bucket.length < maxFieldsPerBucket) bucket.push(field);
  else bucket[maxFieldsPerBucket - 1] = field;
  return field;
}

function kindOf(name: string): Kind {
  switch (name) {
    case 'host': return Kind.Host;
    case 'content-length': return Kind.ContentLength;
    case 'transfer-encoding': return Kind.TransferEncoding;
    case 'connection': return Kind.Connection;
    case 'expect': return Kind.Expect;
    case 'cookie': return Kind.Cookie;
    case 'set-cookie': return Kind.SetCookie;
    default: return firstWins.has(name) ? Kind.FirstWins : Kind.Other;
  }
}

function malformedLine(): HttpParseError {
  return new HttpParseError(400, 'The request line is malformed.');
}

function malformedField(): HttpParseError {
  return new HttpParseError(400, 'A header field is malformed.');
}

/**
 * Parses the head in `bytes` from `start` to `end`: from the request line up to and
 * including the CRLF that ends the last field line (the empty line not included).
 * Throws an HttpParseError for anything malformed or not supported.
 *
 * The grammar is RFC 9112's: `method SP request-target SP HTTP-version CRLF`, then
 * `field-name ":" OWS field-value OWS CRLF` lines. A value holds visible octets, spaces
 * and tabs only, so no bare CR or LF can hide in it; there is no folding.
 *
 * The octets are scanned in the buffer (a typed array read is what a loop does fastest);
 * the strings are cut from one latin1 copy of the whole head.
 */
export function parseRequestHead(bytes: Buffer, start: number, end: number, maxHeadersCount = 2000): RequestHead {
  const head = latin1Text(bytes, start, end);
  let i = start;
  while (i < end && (classes[bytes[i]!]! & TOKEN) !== 0) i++;
  if (i === start || bytes[i] !== 32) throw malformedLine();
  const method = commonMethod(bytes, start, i) ?? head.slice(0, i - start);
  // RFC 9112 §3 allows parsing on whitespace-delimited words, and llhttp takes several
  // spaces between the parts: a request refused here and read by a proxy would be lost
  while (bytes[++i] === 32);
  const targetStart = i;
  while (i < end && (classes[bytes[i]!]! & TARGET) !== 0) i++;
  if (i === targetStart || bytes[i] !== 32) throw malformedLine();
  let url = head.slice(targetStart - start, i - start);
  while (bytes[i + 1] === 32) i++;
  if (i + 10 >= end) throw malformedLine();
  const major = bytes[i + 6]! - 48;
  const minor = bytes[i + 8]! - 48;
  if (bytes[i + 1] !== 72 || bytes[i + 2] !== 84 || bytes[i + 3] !== 84 || bytes[i + 4] !== 80 || bytes[i + 5] !== 47 /* HTTP/ */
    || !(major >= 0 && major <= 9) || bytes[i + 7] !== 46 || !(minor >= 0 && minor <= 9) || bytes[i + 9] !== 13 || bytes[i + 10] !== 10) {
    throw malformedLine();
  }
  // Stricter than llhttp, which also reads `RTSP/1.0` and `ICE/1.0` lines (other protocols
  // than HTTP, refused above by the `HTTP/` test), HTTP/0.9 (no headers, no framing) and
  // HTTP/2.0 (another framing altogether): only HTTP/1.0 and 1.1 are spoken here. The
  // HTTP/2 preface (`PRI * HTTP/2.0`) ends here too.
  if (major !== 1 || minor > 1) throw new HttpParseError(505, `HTTP/${major}.${minor} is not supported.`);
  if (method !== 'GET' && method !== 'POST' && !knownMethods.has(method)) throw new HttpParseError(501, `The method ${method} is not implemented.`);
  // RFC 9112 §3.2: origin-form, absolute-form, or `*` for OPTIONS only
  let authority: string | undefined;
  if (url.charCodeAt(0) !== 47 /* / */) {
    if (url === '*') {
      if (method !== 'OPTIONS') throw new HttpParseError(400, 'Only OPTIONS may have the target *.');
    } else {
      const absolute = absoluteForm.exec(url);
      if (absolute === null) throw new HttpParseError(400, 'The request target is malformed.');
      authority = absolute[1]!;
      const path = absolute[2]!;
      url = path === '' || path.charCodeAt(0) === 63 /* ? */ ? `/${path}` : path;
    }
  }
  const http10 = minor === 0;
  i += 11;
  const headers: Record<string, HeaderValue> = Object.create(null) as Record<string, HeaderValue>;
  let count = 0;
  let contentLength: string | undefined;
  let transferEncoding: string | undefined;
  let connection: string | undefined;
  let expect: string | undefined;
  let hosts = 0;
  // every line ends in CRLF (the head does), so no scan below runs past `end`
  while (i < end) {
    const nameStart = i;
    let octet = bytes[i]!;
    while ((classes[octet]! & TOKEN) !== 0) octet = bytes[++i]!;
    if (i === nameStart || octet !== 58 /* : */) throw malformedField();
    const nameEnd = i;
    octet = bytes[++i]!;
    while (octet === 32 || octet === 9) octet = bytes[++i]!;
    const valueStart = i;
    let valueEnd = i;
    for (;;) {
      if ((classes[octet]! & VISIBLE) !== 0) valueEnd = i + 1;
      else if (octet !== 32 && octet !== 9) break;
      octet = bytes[++i]!;
    }
    if (octet !== 13 || bytes[i + 1] !== 10) throw malformedField();
    i += 2;
    if (++count > maxHeadersCount) throw new HttpParseError(431, `More than ${maxHeadersCount} header fields.`);
    // the bucket by the name's length and its second and last octets (a name has at least one)
    const bucket = fieldBuckets[((nameEnd - nameStart) * 31 + bytes[nameStart + 1]! * 7 + bytes[nameEnd - 1]!) & 255]!;
    let field: Field | undefined;
    for (let k = 0; k < bucket.length; k++) {
      if (spells(bytes, nameStart, nameEnd, bucket[k]!.octets)) {
        field = bucket[k]!;
        break;
      }
    }
    field ??= newField(bucket, head.slice(nameStart - start, nameEnd - start));
    const value = head.slice(valueStart - start, valueEnd - start);
    switch (field.kind) {
      case Kind.Host:
        hosts++;
        break;
      case Kind.ContentLength:
        if (contentLength !== undefined) throw new HttpParseError(400, 'Content-Length is repeated.');
        if (tabIn(bytes, valueEnd, i - 2)) throw new HttpParseError(400, 'Content-Length is not a number.');
        contentLength = value;
        break;
      case Kind.TransferEncoding:
        if (tabIn(bytes, valueEnd, i - 2)) throw new HttpParseError(400, 'Transfer-Encoding is malformed.');
        transferEncoding = transferEncoding === undefined ? value : `${transferEncoding}, ${value}`;
        break;
      case Kind.Connection:
        connection = connection === undefined ? value : `${connection}, ${value}`;
        break;
      case Kind.Expect:
        expect = value;
        break;
    }
    add(headers, field, value);
  }
  // Stricter than llhttp, for routing: two Hosts may be read one way here and the other
  // way by a proxy in front; and RFC 9112 §3.2 asks a 400 for an HTTP/1.1 request
  // without one (node:http refuses it too, after llhttp)
  if (hosts > 1) throw new HttpParseError(400, 'Host is repeated.');
  if (hosts === 0 && !http10) throw new HttpParseError(400, 'An HTTP/1.1 request must have a Host header.');
  if (authority !== undefined) {
    // Two hosts that differ would be read one way here and maybe the other by a proxy in front.
    const host = headers['host'] as string | undefined;
    if (host === undefined) headers['host'] = authority;
    else if (host.toLowerCase() !== authority.toLowerCase()) throw new HttpParseError(400, 'The Host header differs from the request target\'s authority.');
  }
  return {
    method,
    url,
    httpVersion: http10 ? '1.0' : '1.1',
    headers,
    keepAlive: keepsAlive(http10, connection),
    body: framing(contentLength, transferEncoding, http10),
    expectContinue: expectsContinue(expect, http10),
  };
}

/**
 * The method in `bytes` from `start` to `end` when it is GET or POST, as the literal: the
 * usual request's method is then neither cut out of the head nor looked up, and later
 * comparisons with it are of one string with itself.
 */
function commonMethod(bytes: Buffer, start: number, end: number): string | undefined {
  const length = end - start;
  if (length === 3 && bytes[start] === 71 && bytes[start + 1] === 69 && bytes[start + 2] === 84) return 'GET';
  if (length === 4 && bytes[start] === 80 && bytes[start + 1] === 79 && bytes[start + 2] === 83 && bytes[start + 3] === 84) return 'POST';
  return undefined;
}

/**
 * Whether a tab follows a framing field's value: llhttp refuses it there (a space it
 * takes), so a proxy on llhttp that passed the request on would not frame it as we do.
 */
function tabIn(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (bytes[i] === 9) return true;
  return false;
}

function add(headers: Record<string, HeaderValue>, { name, kind }: Field, value: string): void {
  const existing = headers[name];
  if (existing === undefined) headers[name] = kind === Kind.SetCookie ? [value] : value;
  else if (kind === Kind.SetCookie) (existing as string[]).push(value);
  else if (kind === Kind.Cookie) headers[name] = `${existing as string}; ${value}`;
  else if (kind !== Kind.FirstWins && kind !== Kind.Host && kind !== Kind.ContentLength) headers[name] = `${existing as string}, ${value}`;
}

/**
 * RFC 9112 §9.3: HTTP/1.1 stays open unless told `close`; HTTP/1.0 closes unless told
 * `keep-alive`. A `close` wins over a `keep-alive` beside it (§9.6), in 1.0 as in 1.1,
 * where llhttp keeps a 1.0 connection open: closing frames nothing differently, and a
 * client that said `close` sends nothing more on the connection.
 */
function keepsAlive(http10: boolean, connection: string | undefined): boolean {
  if (connection === undefined) return !http10;
  // what clients send, spelled as they send it
  if (connection === 'keep-alive' || connection === 'Keep-Alive') return true;
  if (connection === 'close' || connection === 'Close') return false;
  let close = false;
  let keepAlive = false;
  for (const option of connection.split(',')) {
    const name = option.trim().toLowerCase();
    if (name === 'close') close = true;
    else if (name === 'keep-alive') keepAlive = true;
  }
  return !close && (!http10 || keepAlive);
}

/** RFC 9112 §6: how the body is delimited, refusing every ambiguous or unsupported framing. */
function framing(contentLength: string | undefined, transferEncoding: string | undefined, http10: boolean): number | 'chunked' {
  if (transferEncoding !== undefined) {
    if (contentLength !== undefined) throw new HttpParseError(400, 'Both Transfer-Encoding and Content-Length are given.');
    // stricter than llhttp: RFC 9112 §6.1 lets a server treat it as faulty, as a 1.0
    // proxy in front would not have framed by it
    if (http10) throw new HttpParseError(400, 'Transfer-Encoding is not allowed in HTTP/1.0.');
    const codings = transferEncoding.split(',').map((coding) => coding.trim().toLowerCase());
    if (codings[codings.length - 1] !== 'chunked') throw new HttpParseError(400, 'The last transfer coding must be chunked.');
    // stricter than llhttp, which passes such a body on still coded: no coding but chunked is implemented here
    if (codings.length > 1) throw new HttpParseError(501, `The transfer coding "${codings.slice(0, -1).join(', ')}" is not supported.`);
    return 'chunked';
  }
  if (contentLength === undefined) return 0;
  if (!digits.test(contentLength)) throw new HttpParseError(400, 'Content-Length is not a number.');
  const length = Number(contentLength);
  // past 2^53 a double loses units (llhttp counts to 2^64); no such body is taken anyway
  if (!Number.isSafeInteger(length)) throw new HttpParseError(413, 'Content-Length is too large.');
  return length;
}

function expectsContinue(expect: string | undefined, http10: boolean): boolean {
  if (expect === undefined) return false;
  // RFC 9110 §10.1.1: a 1.0 client cannot mean it; any other expectation cannot be met
  if (http10) return false;
  if (expect.toLowerCase() === '100-continue') return true;
  throw new HttpParseError(417, `The expectation "${expect}" cannot be met.`);
}
