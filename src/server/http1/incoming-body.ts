import { Readable } from 'node:stream';
import { ChunkedDecoder } from './chunked-decoder.ts';
import type { Http1Connection } from './http1-connection.ts';
import type { Http1Request } from './http1-request.ts';

/** A request's body as it arrives: a Readable, with back-pressure on the socket. @internal */
export class IncomingBody extends Readable {
  readonly #connection: Http1Connection;
  readonly #request: Http1Request;
  #left: number;
  readonly #chunked: ChunkedDecoder | undefined;
  complete = false;
  /**
   * What arrived before anyone read: the whole body when it came with the head. It is
   * handed to the stream at the first read, so a body taken whole (completeBytes) never
   * goes through the stream's machinery.
   */
  #unread: Buffer[] | undefined = [];
  /** How many bytes #unread holds: past the stream's high-water mark, the socket is paused as a push would have paused it. */
  #unreadLength = 0;
  #started = false;

  constructor(connection: Http1Connection, request: Http1Request, framing: number | 'chunked') {
    super();
    this.#connection = connection;
    this.#request = request;
    this.#left = framing === 'chunked' ? Infinity : framing;
    this.#chunked = framing === 'chunked' ? new ChunkedDecoder() : undefined;
  }

  override _read(): void {
    const unread = this.#unread;
    if (unread !== undefined && !this.#started) {
      // the first read: what arrived so far, then its end if it has come
      this.#started = true;
      this.#unread = undefined;
      for (const chunk of unread) this.push(chunk);
      if (this.complete) this.push(null);
    }
    this.#started = true;
    this.#unread = undefined;
    this.#connection.resumeBody();
  }

  /**
   * The whole body, when it had all arrived before anyone started reading it (a small
   * body sent with its head, the common case): a reader may take it at once, without a
   * stream read, so handling that needs the body can stay synchronous. Undefined otherwise.
   */
  get completeBytes(): Buffer | undefined {
    if (!this.complete || this.#started || this.#unread === undefined) return undefined;
    const bytes = this.#unread.length === 1 ? this.#unread[0]! : Buffer.concat(this.#unread);
    this.#unread = [bytes];
    return bytes;
  }

  /** Takes what belongs to the body from `chunk`; returns the bytes past the body's end, if any. Throws on a malformed chunked body. */
  feed(chunk: Buffer): Buffer | undefined {
    if (this.#chunked !== undefined) {
      const end = this.#chunked.write(chunk, (data) => this.#push(data));
      if (end === -1) return undefined;
      this.#finish();
      return end < chunk.length ? chunk.subarray(end) : undefined;
    }
    if (chunk.length < this.#left) {
      this.#left -= chunk.length;
      this.#push(chunk);
      return undefined;
    }
    const take = this.#left;
    this.#left = 0;
    // the usual chunk holds the body's rest and nothing after it: pushed as it is
    if (take > 0) this.#push(take === chunk.length ? chunk : chunk.subarray(0, take));
    this.#finish();
    return take < chunk.length ? chunk.subarray(take) : undefined;
  }

  #push(data: Buffer): void {
    const copy = this.#connection.copyIfReused(data);
    const unread = this.#unread;
    if (unread !== undefined && !this.#started) {
      unread.push(copy);
      this.#unreadLength += copy.length;
      if (this.#unreadLength >= this.readableHighWaterMark) this.#connection.pauseBody();
    } else if (!this.push(copy)) {
      this.#connection.pauseBody();
    }
  }

  #finish(): void {
    this.complete = true;
    this.#request.complete = true;
    // a body nobody has read yet ends at its first read, after what it holds
    if (this.#started) this.push(null);
  }

  /** The connection closes with the body unread: nothing more will come. */
  abandon(): void {
    if (!this.complete) this.destroy();
  }

  /** The body will not be complete; a reader learns why, and an unread body just closes (no unheard 'error'). */
  fail(error: Error): void {
    if (!this.complete && !this.destroyed) this.destroy(this.listenerCount('error') > 0 ? error : undefined);
  }
}

