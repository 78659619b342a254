import { statusTexts } from '../../http/status-texts.ts';
import { InvalidHeaderError } from './invalid-header-error.ts';

/** A header list as `writeHead` takes it: `[name, value, name, value, ...]`, a value possibly a list. */
export type HeaderList = ReadonlyArray<string | readonly string[]>;
export type HeaderObject = Readonly<Record<string, string | number | readonly string[] | undefined>>;

/** A header name as RFC 9110 allows it (a token), the set node:http's `checkIsHttpToken` allows. */
export const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Anything but HTAB, SP-~ and the latin1 octets: CR and LF above all (response splitting); node:http's `checkInvalidHeaderChar`. */
export const invalidValue = /[^\t\x20-\x7e\x80-\xff]/;
/** Anything but HTAB and SP-~: the usual value has none, and is then neither invalid nor latin1. */
const notPlainAscii = /[^\t\x20-\x7e]/;

/** What the transport must know of a header it writes. */
const enum Kind {
  Other,
  ContentLength,
  TransferEncoding,
  Date,
  Connection,
}

/**
 * A header name already checked, with what it is, and values of it already checked: most
 * responses of an application repeat the same few values for a name (a Content-Type, the
 * security headers), and a value found here (equal to one that passed the check, so as
 * safe) is written without testing it again, as its line made once.
 */
interface KnownName {
  readonly kind: Kind;
  /** Plain-ASCII values that passed the check; undefined once the name has had too many to keep (a request id, a length). */
  values: string[] | undefined;
  /** The header line of each of `values`, same index. */
  readonly lines: string[];
}

/** Names remembered, so odd names cannot grow the table without end. */
const maxKnownNames = 1024;
/** Values remembered per name: past it, the name's values vary too much to be worth comparing. */
const maxKnownValues = 4;
/** The longest value remembered: long ones are rarely repeated, and they would hold memory. */
const maxKnownValueLength = 512;

/**
 * Names already checked: one lookup per header on every response rather than a test and
 * a lowercasing.
 */
const knownNames = new Map<string, KnownName>();

function knownName(name: string): KnownName {
  let known = knownNames.get(name);
  if (known === undefined) {
    if (!tokenPattern.test(name)) throw new InvalidHeaderError(`Invalid header name: "${name}".`);
    let kind: Kind;
    switch (name.toLowerCase()) {
      case 'content-length': kind = Kind.ContentLength; break;
      case 'transfer-encoding': kind = Kind.TransferEncoding; break;
      case 'date': kind = Kind.Date; break;
      case 'connection': kind = Kind.Connection; break;
      default: kind = Kind.Other;
    }
    known = { kind, values: [], lines: [] };
    if (knownNames.size < maxKnownNames) knownNames.set(name, known);
  }
  return known;
}

/** The status line of each code with the table's text, made once. */
const statusLines = new Map<number, string>();

function statusLine(statusCode: number, statusText: string | undefined): string {
  if (statusText === undefined) {
    let line = statusLines.get(statusCode);
    if (line === undefined) {
      line = `HTTP/1.1 ${statusCode} ${statusTexts[statusCode] ?? 'unknown'}\r\n`;
      statusLines.set(statusCode, line);
    }
    return line;
  }
  // the table's own text needs no test
  if (statusText !== statusTexts[statusCode] && invalidValue.test(statusText)) throw new InvalidHeaderError('Invalid character in the status text.');
  return `HTTP/1.1 ${statusCode} ${statusText}\r\n`;
}

/** What writing the head found out about the headers the application set. */
export interface HeadFacts {
  /** The status line and header lines, without the empty line that ends the head. */
  text: string;
  /** Whether `text` holds octets beyond ASCII (a latin1 header value): it is then written as latin1 on its own. */
  latin1: boolean;
  contentLength: boolean;
  chunked: boolean;
  date: boolean;
  /** The application's own Connection header said `close`. */
  connectionClose: boolean;
  /** The application set a Connection header (the transport then adds none). */
  connection: boolean;
}

/**
 * The status line (the table's text when `statusText` is not given) and header lines of a
 * response, every name and value checked as node:http checks them: a CR or LF in a value
 * (response splitting) is an error, not a line.
 */
export function serializeHead(statusCode: number, statusText: string | undefined, headers: HeaderList | HeaderObject | undefined): HeadFacts {
  if (!Number.isInteger(statusCode) || statusCode < 100 || statusCode > 999) throw new RangeError(`Invalid status code: ${statusCode}.`);
  const facts: HeadFacts = { text: statusLine(statusCode, statusText), latin1: false, contentLength: false, chunked: false, date: false, connectionClose: false, connection: false };
  if (headers === undefined) return facts;
  if (Array.isArray(headers)) {
    const list = headers as HeaderList;
    for (let i = 0; i + 1 < list.length; i += 2) addField(facts, list[i] as string, list[i + 1]!);
  } else {
    const object = headers as HeaderObject;
    for (const name of Object.keys(object)) {
      const value = object[name];
      if (value !== undefined) addField(facts, name, typeof value === 'number' ? String(value) : value);
    }
  }
  return facts;
}

function addField(facts: HeadFacts, name: string, value: string | readonly string[]): void {
  const known = knownName(name);
  if (known.kind !== Kind.Other) note(facts, known.kind, value);
  if (typeof value === 'string') {
    addLine(facts, known, name, value);
  } else {
    for (const one of value) addLine(facts, known, name, String(one));
  }
}

function addLine(facts: HeadFacts, known: KnownName, name: string, value: string): void {
  const values = known.values;
  if (values !== undefined) {
    // compared only while the name's values repeat: a value that changes every time (a
    // request id) would cost a comparison, which must first flatten a concatenated string
    for (let i = 0; i < values.length; i++) {
      if (values[i] === value) {
        facts.text += known.lines[i]!;
        return;
      }
    }
  }
  if (notPlainAscii.test(value)) {
    if (invalidValue.test(value)) throw new InvalidHeaderError(`Invalid character in the value of the header "${name}".`);
    facts.latin1 = true;
  } else if (values !== undefined) {
    if (values.length === maxKnownValues || value.length > maxKnownValueLength) {
      known.values = undefined;
      known.lines.length = 0;
    } else {
      // joined, which makes one flat string: each head that repeats the line then holds it
      // as one piece rather than four, and writing the head copies fewer pieces
      const line = [name, ': ', value, '\r\n'].join('');
      values.push(value);
      known.lines.push(line);
      facts.text += line;
      return;
    }
  }
  facts.text += `${name}: ${value}\r\n`;
}

function note(facts: HeadFacts, kind: Kind, value: string | readonly string[]): void {
  switch (kind) {
    case Kind.ContentLength:
      facts.contentLength = true;
      break;
    case Kind.TransferEncoding:
      facts.chunked = /(?:^|,)\s*chunked\s*$/i.test(joined(value));
      break;
    case Kind.Date:
      facts.date = true;
      break;
    case Kind.Connection:
      facts.connection = true;
      facts.connectionClose = /(?:^|,)\s*close\s*(?:,|$)/i.test(joined(value));
      break;
  }
}

function joined(value: string | readonly string[]): string {
  return typeof value === 'string' ? value : value.join(',');
}

let cachedDateLine: string | undefined;

/** The Date header's line, made at most once a second. */
export function httpDateLine(): string {
  if (cachedDateLine === undefined) {
    cachedDateLine = `Date: ${new Date().toUTCString()}\r\n`;
    setTimeout(forgetDate, 1000 - (Date.now() % 1000)).unref();
  }
  return cachedDateLine;
}

function forgetDate(): void {
  cachedDateLine = undefined;
}
