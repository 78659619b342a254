import { HttpParseError } from './request-head.ts';

const enum State {
  Size,
  /** Whitespace after the size (BWS): only a `;` or the CRLF may follow. */
  SizeSpace,
  Extension,
  SizeLf,
  Data,
  DataCr,
  DataLf,
  Trailer,
  TrailerLf,
  Done,
}

const cr = 13;
const lf = 10;

/**
 * Decodes a chunked body (RFC 9112 §7.1) as its bytes arrive, in any split. Chunk
 * extensions are skipped, trailer fields read past and dropped; a malformed size, a
 * missing CRLF or a size of more than 13 hex digits (2^52) is an HttpParseError (the connection cannot be read
 * any further). `limit` bounds what extensions and trailers may add to the body's size.
 */
export class ChunkedDecoder {
  #state = State.Size;
  #size = 0;
  #sizeDigits = 0;
  #overhead = 0;
  #trailerLineLength = 0;
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
      switch (this.#state) {
        case State.Size: {
          const byte = chunk[i]!;
          const digit = hexValue(byte);
          if (digit >= 0) {
            if (++this.#sizeDigits > 13) throw new HttpParseError(413, 'A chunk is too large.');
            this.#size = this.#size * 16 + digit;
          } else if (this.#sizeDigits === 0) {
            throw new HttpParseError(400, 'A chunk size is malformed.');
          } else if (byte === cr) {
            this.#state = State.SizeLf;
          } else if (byte === 59 /* ; */) {
            this.#state = State.Extension;
          } else if (byte === 32 || byte === 9) {
            this.#state = State.SizeSpace;
          } else {
            throw new HttpParseError(400, 'A chunk size is malformed.');
          }
          i++;
          break;
        }
        case State.SizeSpace: {
          const byte = chunk[i++]!;
          if (byte === 59 /* ; */) this.#state = State.Extension;
          else if (byte === cr) this.#state = State.SizeLf;
          else if (byte !== 32 && byte !== 9) throw new HttpParseError(400, 'A chunk size is malformed.');
          else this.#count(1);
          break;
        }
        case State.Extension: {
          const byte = chunk[i++]!;
          if (byte === cr) this.#state = State.SizeLf;
          else if (byte === lf || (byte < 32 && byte !== 9) || byte === 127) throw new HttpParseError(400, 'A chunk extension is malformed.');
          else this.#count(1);
          break;
        }
        case State.SizeLf:
          if (chunk[i++] !== lf) throw new HttpParseError(400, 'A chunk size line does not end in CRLF.');
          this.#sizeDigits = 0;
          if (this.#size === 0) {
            this.#state = State.Trailer;
            this.#trailerLineLength = 0;
          } else {
            this.#state = State.Data;
          }
          break;
        case State.Data: {
          const take = Math.min(this.#size, length - i);
          onData(chunk.subarray(i, i + take));
          i += take;
          this.#size -= take;
          if (this.#size === 0) this.#state = State.DataCr;
          break;
        }
        case State.DataCr:
          if (chunk[i++] !== cr) throw new HttpParseError(400, 'A chunk does not end in CRLF.');
          this.#state = State.DataLf;
          break;
        case State.DataLf:
          if (chunk[i++] !== lf) throw new HttpParseError(400, 'A chunk does not end in CRLF.');
          this.#state = State.Size;
          break;
        case State.Trailer: {
          const byte = chunk[i++]!;
          if (byte === cr) {
            this.#state = State.TrailerLf;
          } else if (byte === lf || (byte < 32 && byte !== 9) || byte === 127) {
            throw new HttpParseError(400, 'A trailer field is malformed.');
          } else {
            this.#trailerLineLength++;
            this.#count(1);
          }
          break;
        }
        case State.TrailerLf:
          if (chunk[i++] !== lf) throw new HttpParseError(400, 'A trailer line does not end in CRLF.');
          if (this.#trailerLineLength === 0) {
            this.#state = State.Done;
            return i;
          }
          this.#trailerLineLength = 0;
          this.#state = State.Trailer;
          break;
        case State.Done:
          return i;
      }
    }
    return this.#state === State.Done ? i : -1;
  }

  #count(bytes: number): void {
    this.#overhead += bytes;
    if (this.#overhead > this.#limit) throw new HttpParseError(431, 'Chunk extensions and trailers are too large.');
  }
}

function hexValue(byte: number): number {
  if (byte >= 48 && byte <= 57) return byte - 48;
  const lower = byte | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}
