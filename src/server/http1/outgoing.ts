import { statusTexts } from '../../http/status-texts.ts';
import { InvalidHeaderError } from './invalid-header-error.ts';

/** A header list as `writeHead` takes it: `[name, value, name, value, ...]`, a value possibly a list. */
export type HeaderList = ReadonlyArray<string | readonly string[]>;
export type HeaderObject = Readonly<Record<string, string | number | readonly string[] | undefined>>;

const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Anything but HTAB, SP-~ and the latin1 octets: CR and LF above all (response splitting). */
const invalidValue = /[^\t\x20-\x7e\x80-\xff]/;
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
 * Names already checked, with what they are: one lookup per header on every response
 * rather than a test and a lowercasing. Bounded, so odd names cannot grow it.
 */
const knownNames = new Map<string, Kind>();

function kindOf(name: string): Kind {
  let kind = knownNames.get(name);
  if (kind === undefined) {
    if (!tokenPattern.test(name)) throw new InvalidHeaderError(`Invalid header name: "${name}".`);
    switch (name.toLowerCase()) {
      case 'content-length': kind = Kind.ContentLength; break;
      case 'transfer-encoding': kind = Kind.TransferEncoding; break;
      case 'date': kind = Kind.Date; break;
      case 'connection': kind = Kind.Connection; break;
      default: kind = Kind.Other;
    }
    if (knownNames.size < 1024) knownNames.set(name, kind);
  }
  return kind;
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
  // the table's own text needs no test
  if (statusText === undefined) statusText = statusTexts[statusCode] ?? 'unknown';
  else if (statusText !== statusTexts[statusCode] && invalidValue.test(statusText)) throw new InvalidHeaderError('Invalid character in the status text.');
  const facts: HeadFacts = { text: `HTTP/1.1 ${statusCode} ${statusText}\r\n`, latin1: false, contentLength: false, chunked: false, date: false, connectionClose: false, connection: false };
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
  const kind = kindOf(name);
  if (kind !== Kind.Other) note(facts, kind, value);
  if (typeof value === 'string') {
    addLine(facts, name, value);
  } else {
    for (const one of value) addLine(facts, name, String(one));
  }
}

function addLine(facts: HeadFacts, name: string, value: string): void {
  if (notPlainAscii.test(value)) {
    if (invalidValue.test(value)) throw new InvalidHeaderError(`Invalid character in the value of the header "${name}".`);
    facts.latin1 = true;
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

let cachedDate: string | undefined;

/** The Date header's value, made at most once a second. */
export function httpDate(): string {
  if (cachedDate === undefined) {
    cachedDate = new Date().toUTCString();
    setTimeout(forgetDate, 1000 - (Date.now() % 1000)).unref();
  }
  return cachedDate;
}

function forgetDate(): void {
  cachedDate = undefined;
}
