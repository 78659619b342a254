import { HttpParseError } from './http-parse-error.ts';

const enum State {
  Size,
  /** Right after a `;`: an extension's name, or the `=` of an unnamed one. */
  ExtensionNameStart,
  ExtensionName,
  /** Right after an extension's `=`: a token, a quoted string, or nothing. */
  ExtensionValueStart,
  ExtensionToken,
  ExtensionQuoted,
  /** After a backslash in a quoted string. */
  ExtensionEscape,
  /** After a quoted string's closing quote: a `;` or the CR. */
  ExtensionQuotedEnd,
  SizeLf,
  Data,
  DataCr,
  DataLf,
  /** The start of a trailer line, or of the empty line that ends the body. */
  TrailerStart,
  TrailerName,
  TrailerValue,
  TrailerLf,
  EndLf,
  Done,
}

const cr = 13;
const lf = 10;

/** Octet classes of the chunk line and trailer grammar. */
const TOKEN = 1;
/**
 * What a quoted string holds unescaped (RFC 9110 §5.6.4 qdtext). obs-text is in it: llhttp
 * takes it in a quoted extension, so refusing it here would refuse what a proxy passed on.
 */
const QDTEXT = 2;
/** What may follow a backslash in a quoted string (HTAB, SP, VCHAR, obs-text). */
const ESCAPABLE = 4;
/** What a trailer's value holds: VCHAR, obs-text, SP and HTAB, as a header field's. */
const FIELD_VALUE = 8;
const classes = new Uint8Array(256);
for (const char of "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") classes[char.charCodeAt(0)] |= TOKEN;
for (let octet = 0x20; octet < 0x7f; octet++) {
  classes[octet] |= ESCAPABLE | FIELD_VALUE;
  if (octet !== 0x22 && octet !== 0x5c) classes[octet] |= QDTEXT;
}
classes[9] |= QDTEXT | ESCAPABLE | FIELD_VALUE;
for (let octet = 0x80; octet <= 0xff; octet++) classes[octet] |= FIELD_VALUE | QDTEXT | ESCAPABLE;

/** Trailer fields that would change how the message is framed or routed if anything merged them. */
const forbiddenTrailers = new Set(['content-length', 'transfer-encoding', 'host']);
const longestForbidden = 'transfer-encoding'.length;

/** The largest chunk size taken: 2^52, past which a double loses units. */
const largestChunk = 2 ** 52;

/**
 * Decodes a chunked body (RFC 9112 §7.1) as its bytes arrive, in any split, as strictly as
 * llhttp does or more: a size is hex digits (leading zeros allowed) with no whitespace,
 * then `;name` or `;name=token` or `;name="quoted"` extensions (name and value may be
 * empty around the `=`, and empty extensions come before others, as llhttp takes them),
 * then CRLF; trailers are
 * `name: value` lines, never Content-Length, Transfer-Encoding or Host, never folded.
 * Extensions are skipped and trailers dropped. Anything else is an HttpParseError (the
 * connection cannot be read any further), a chunk larger than 2^52 a 413. `limit` bounds
 * what extensions and trailers may add to the body's size.
 */
export class ChunkedDecoder {
  #state = State.Size;
  #size = 0;
  #sizeDigits = 0;
  #overhead = 0;
  /** The trailer name being read, lowercase, while it could still be a forbidden one. */
  #trailerName = '';
  readonly #limit: number;

  constructor(limit = 16 * 1024) {
    this.#limit = limit;
  }

  get done(): boolean {
    return this.#state === State.Done;
  }

  /**
   * Feeds `chunk`, calling `onData` with each piece of body (views into `chunk`, not
   * copies). Returns the index where the body ended, or -1 when it has not ended yet:
   * the bytes from there on belong to the next request.
   */
  write(chunk: Buffer, onData: (data: Buffer) => void): number {
    let i = 0;
    const length = chunk.length;
    while (i < length) {
      if (this.#state === State.Data) {
        const take = Math.min(this.#size, length - i);
        onData(chunk.subarray(i, i + take));
        i += take;
        this.#size -= take;
        if (this.#size === 0) this.#state = State.DataCr;
        continue;
      }
      const byte = chunk[i++]!;
      switch (this.#state) {
        case State.Size: {
          const digit = hexValue(byte);
          if (digit >= 0) {
            this.#sizeDigits++;
            this.#size = this.#size * 16 + digit;
            if (this.#size > largestChunk) throw new HttpParseError(413, 'A chunk is too large.');
          } else if (this.#sizeDigits === 0) {
            throw sizeMalformed();
          } else if (byte === cr) {
            this.#state = State.SizeLf;
          } else if (byte === 59 /* ; */) {
            this.#state = State.ExtensionNameStart;
          } else {
            throw sizeMalformed();
          }
          break;
        }
        case State.ExtensionNameStart:
          this.#count();
          // llhttp takes an empty name or value around a `=` (`;=b`, `;a=`) and empty
          // extensions before another (`;;a`): extensions are skipped, so taking them frames
          // nothing differently, and a body a proxy passed on is not refused
          if (byte === 61 /* = */) this.#state = State.ExtensionValueStart;
          else if (byte === 59 /* ; */) break;
          else if ((classes[byte]! & TOKEN) !== 0) this.#state = State.ExtensionName;
          else throw extensionMalformed();
          break;
        case State.ExtensionName:
        case State.ExtensionToken:
          this.#count();
          if ((classes[byte]! & TOKEN) !== 0) break;
          if (byte === 61 /* = */ && this.#state === State.ExtensionName) this.#state = State.ExtensionValueStart;
          else this.#extensionEnd(byte);
          break;
        case State.ExtensionValueStart:
          this.#count();
          if (byte === 34 /* " */) this.#state = State.ExtensionQuoted;
          else if ((classes[byte]! & TOKEN) !== 0) this.#state = State.ExtensionToken;
          else this.#extensionEnd(byte);
          break;
        case State.ExtensionQuoted:
          this.#count();
          if (byte === 34) this.#state = State.ExtensionQuotedEnd;
          else if (byte === 92 /* \ */) this.#state = State.ExtensionEscape;
          else if ((classes[byte]! & QDTEXT) === 0) throw extensionMalformed();
          break;
        case State.ExtensionEscape:
          this.#count();
          if ((classes[byte]! & ESCAPABLE) === 0) throw extensionMalformed();
          this.#state = State.ExtensionQuoted;
          break;
        case State.ExtensionQuotedEnd:
          this.#extensionEnd(byte);
          break;
        case State.SizeLf:
          if (byte !== lf) throw new HttpParseError(400, 'A chunk size line does not end in CRLF.');
          this.#sizeDigits = 0;
          this.#state = this.#size === 0 ? State.TrailerStart : State.Data;
          break;
        case State.DataCr:
          if (byte !== cr) throw new HttpParseError(400, 'A chunk does not end in CRLF.');
          this.#state = State.DataLf;
          break;
        case State.DataLf:
          if (byte !== lf) throw new HttpParseError(400, 'A chunk does not end in CRLF.');
          this.#state = State.Size;
          break;
        case State.TrailerStart:
          if (byte === cr) {
            this.#state = State.EndLf;
          } else if ((classes[byte]! & TOKEN) !== 0) {
            this.#count();
            this.#trailerName = String.fromCharCode(byte | 0x20);
            this.#state = State.TrailerName;
          } else {
            // a line that starts with whitespace (folding, or blank) or a colon
            throw trailerMalformed();
          }
          break;
        case State.TrailerName:
          this.#count();
          if ((classes[byte]! & TOKEN) !== 0) {
            if (this.#trailerName.length <= longestForbidden) this.#trailerName += String.fromCharCode(byte >= 65 && byte <= 90 ? byte | 0x20 : byte);
          } else if (byte === 58 /* : */) {
            if (forbiddenTrailers.has(this.#trailerName)) throw new HttpParseError(400, `A trailer may not be ${this.#trailerName}.`);
            this.#state = State.TrailerValue;
          } else {
            throw trailerMalformed();
          }
          break;
        case State.TrailerValue:
          if (byte === cr) this.#state = State.TrailerLf;
          else if ((classes[byte]! & FIELD_VALUE) === 0) throw trailerMalformed();
          else this.#count();
          break;
        case State.TrailerLf:
          if (byte !== lf) throw new HttpParseError(400, 'A trailer line does not end in CRLF.');
          this.#state = State.TrailerStart;
          break;
        case State.EndLf:
          if (byte !== lf) throw new HttpParseError(400, 'A chunked body does not end in CRLF.');
          this.#state = State.Done;
          return i;
        case State.Done:
          return i - 1;
      }
    }
    return this.#state === State.Done ? i : -1;
  }

  /** What may follow an extension: another one, or the CR that ends the size line. */
  #extensionEnd(byte: number): void {
    if (byte === 59 /* ; */) this.#state = State.ExtensionNameStart;
    else if (byte === cr) this.#state = State.SizeLf;
    else throw extensionMalformed();
  }

  #count(): void {
    if (++this.#overhead > this.#limit) throw new HttpParseError(431, 'Chunk extensions and trailers are too large.');
  }
}

function sizeMalformed(): HttpParseError {
  return new HttpParseError(400, 'A chunk size is malformed.');
}

function extensionMalformed(): HttpParseError {
  return new HttpParseError(400, 'A chunk extension is malformed.');
}

function trailerMalformed(): HttpParseError {
  return new HttpParseError(400, 'A trailer field is malformed.');
}

function hexValue(byte: number): number {
  if (byte >= 48 && byte <= 57) return byte - 48;
  const lower = byte | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}
