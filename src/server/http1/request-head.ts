/**
 * The head of an HTTP/1.x request (RFC 9112): request line and header fields, parsed from
 * the bytes up to the empty line, strictly. Whatever a lenient parser would have to guess
 * at (a bare CR or LF, a folded header, a space before the colon, a control character, two
 * framings for one body) is refused: such guesses are what request smuggling feeds on.
 */

/** A request the server cannot accept; `statusCode` is what the client is answered before the connection closes. */
export class HttpParseError extends Error {
  override readonly name = 'HttpParseError';
  constructor(readonly statusCode: 400 | 413 | 417 | 431 | 501 | 505, message: string) {
    super(message);
  }
}

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

const token = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
/** method SP request-target SP HTTP-version CRLF; the target is any visible octet (no decoding here). */
const requestLine = new RegExp(`(${token}) ([\\x21-\\x7e\\x80-\\xff]+) HTTP/(\\d)\\.(\\d)\\r\\n`, 'y');
/**
 * field-name ":" OWS field-value OWS CRLF. The value starts and ends with a visible octet
 * and holds no control character but HTAB, so a bare CR or LF cannot hide in it.
 */
const fieldLine = new RegExp(`(${token}):[\\t ]*((?:[^\\x00-\\x20\\x7f](?:[^\\x00-\\x08\\x0a-\\x1f\\x7f]*[^\\x00-\\x20\\x7f])?)?)[\\t ]*\\r\\n`, 'y');
const digits = /^\d+$/;

/** Fields node:http keeps the first of when repeated (a second one would be ambiguous). */
const firstWins = new Set([
  'age', 'authorization', 'content-length', 'content-type', 'etag', 'expires', 'from', 'host', 'if-modified-since',
  'if-unmodified-since', 'last-modified', 'location', 'max-forwards', 'proxy-authorization', 'referer', 'retry-after',
  'server', 'user-agent',
]);

/** Lowercase names of the fields seen before, the same string object each time; bounded, so clients cannot grow it. */
const lowercaseNames = new Map<string, string>();
const maxRememberedNames = 512;

function lowercase(name: string): string {
  let lower = lowercaseNames.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (lowercaseNames.size < maxRememberedNames) lowercaseNames.set(name, lower);
  }
  return lower;
}

/**
 * Parses `head`: the request's bytes as latin1 text, from the request line up to and
 * including the CRLF that ends the last field line (the empty line not included).
 * Throws an HttpParseError for anything malformed or not supported.
 */
export function parseRequestHead(head: string, maxHeadersCount = 2000): RequestHead {
  requestLine.lastIndex = 0;
  const line = requestLine.exec(head);
  if (line === null) throw new HttpParseError(400, 'The request line is malformed.');
  if (line[3] !== '1') throw new HttpParseError(505, `HTTP/${line[3]}.${line[4]} is not supported.`);
  if (line[4] !== '0' && line[4] !== '1') throw new HttpParseError(505, `HTTP/1.${line[4]} is not supported.`);
  const http10 = line[4] === '0';
  const headers: Record<string, HeaderValue> = Object.create(null) as Record<string, HeaderValue>;
  let count = 0;
  let at = requestLine.lastIndex;
  let contentLength: string | undefined;
  let transferEncoding: string | undefined;
  let connection: string | undefined;
  let expect: string | undefined;
  let hosts = 0;
  while (at < head.length) {
    fieldLine.lastIndex = at;
    const field = fieldLine.exec(head);
    if (field === null) throw new HttpParseError(400, 'A header field is malformed.');
    at = fieldLine.lastIndex;
    if (++count > maxHeadersCount) throw new HttpParseError(431, `More than ${maxHeadersCount} header fields.`);
    const name = lowercase(field[1]!);
    const value = field[2]!;
    switch (name) {
      case 'host':
        hosts++;
        break;
      case 'content-length':
        if (contentLength !== undefined) throw new HttpParseError(400, 'Content-Length is repeated.');
        contentLength = value;
        break;
      case 'transfer-encoding':
        transferEncoding = transferEncoding === undefined ? value : `${transferEncoding}, ${value}`;
        break;
      case 'connection':
        connection = connection === undefined ? value : `${connection}, ${value}`;
        break;
      case 'expect':
        expect = value;
        break;
    }
    add(headers, name, value);
  }
  if (hosts > 1) throw new HttpParseError(400, 'Host is repeated.');
  if (hosts === 0 && !http10) throw new HttpParseError(400, 'An HTTP/1.1 request must have a Host header.');
  return {
    method: line[1]!,
    url: line[2]!,
    httpVersion: http10 ? '1.0' : '1.1',
    headers,
    keepAlive: keepsAlive(http10, connection),
    body: framing(contentLength, transferEncoding, http10),
    expectContinue: expectsContinue(expect, http10),
  };
}

function add(headers: Record<string, HeaderValue>, name: string, value: string): void {
  const existing = headers[name];
  if (existing === undefined) headers[name] = name === 'set-cookie' ? [value] : value;
  else if (name === 'set-cookie') (existing as string[]).push(value);
  else if (name === 'cookie') headers[name] = `${existing as string}; ${value}`;
  else if (!firstWins.has(name)) headers[name] = `${existing as string}, ${value}`;
}

/** RFC 9112 §9.3: HTTP/1.1 stays open unless told `close`; HTTP/1.0 closes unless told `keep-alive`. */
function keepsAlive(http10: boolean, connection: string | undefined): boolean {
  if (connection === undefined) return !http10;
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
    if (http10) throw new HttpParseError(400, 'Transfer-Encoding is not allowed in HTTP/1.0.');
    const codings = transferEncoding.split(',').map((coding) => coding.trim().toLowerCase());
    if (codings[codings.length - 1] !== 'chunked') throw new HttpParseError(400, 'The last transfer coding must be chunked.');
    if (codings.length > 1) throw new HttpParseError(501, `The transfer coding "${codings.slice(0, -1).join(', ')}" is not supported.`);
    return 'chunked';
  }
  if (contentLength === undefined) return 0;
  if (!digits.test(contentLength)) throw new HttpParseError(400, 'Content-Length is not a number.');
  const length = Number(contentLength);
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
