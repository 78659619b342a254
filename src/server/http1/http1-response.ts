import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { httpDateLine, serializeHead, type HeadFacts, type HeaderList, type HeaderObject } from './outgoing.ts';
import type { Http1Connection } from './http1-connection.ts';
import type { Http1Request } from './http1-request.ts';
import type { TransportResponse } from '../transport.ts';

/** The fields EventEmitter keeps on each emitter, which its methods create when they need them. */
interface EmitterFields {
  _events: object | undefined;
  _eventsCount: number;
  _maxListeners: number | undefined;
}

// An EventEmitter by its prototype (see the constructor): the class itself extends nothing.
export interface Http1Response extends EventEmitter {}

/**
 * A response as node's ServerResponse shows it, for what the framework and its streams
 * use: `writeHead` then `end(body)` (one socket write, the usual case), or `write`s with
 * back-pressure (`drain`), chunked when no Content-Length was given; `finish` and `close`.
 */
export class Http1Response implements TransportResponse {
  readonly #connection: Http1Connection;
  readonly req: Http1Request;
  readonly #head: boolean;
  statusCode = 200;
  statusMessage: string | undefined;
  /** Whether the connection stays open after this response (false: `Connection: close`). */
  shouldKeepAlive: boolean;
  headersSent = false;
  writableEnded = false;
  writableFinished = false;
  writableNeedDrain = false;
  destroyed = false;
  closed = false;
  #facts: HeadFacts | undefined;
  #chunked = false;
  #bodiless = false;
  /** The head holds a latin1 header value: it is written as latin1, apart from a string body. */
  #latin1Head = false;
  /** What runs once the socket drains, when `end` could not hand everything over at once. */
  #afterDrain: (() => void) | undefined;

  constructor(connection: Http1Connection, req: Http1Request, keepAlive: boolean) {
    // EventEmitter's constructor is not run: it stores its fields through code every
    // emitter shares, which is slow for each of them. Its methods take an emitter whose
    // `_events` is undefined as one with no listeners, and make the object at the first
    // `on`; most responses never get a listener.
    const emitter = this as unknown as EmitterFields;
    emitter._events = undefined;
    emitter._eventsCount = 0;
    emitter._maxListeners = undefined;
    this.#connection = connection;
    this.req = req;
    this.#head = req.method === 'HEAD';
    this.shouldKeepAlive = keepAlive;
  }

  get socket(): Socket | null {
    return this.destroyed ? null : this.#connection.socket;
  }

  get writable(): boolean {
    return !this.writableEnded && !this.destroyed;
  }

  writeHead(statusCode: number, statusText?: string | HeaderList | HeaderObject, headers?: HeaderList | HeaderObject): this {
    if (this.headersSent) throw Object.assign(new Error('Cannot write headers after they are sent to the client'), { code: 'ERR_HTTP_HEADERS_SENT' });
    if (typeof statusText !== 'string' && statusText !== undefined) {
      headers = statusText;
      statusText = undefined;
    }
    // checked now, as node:http checks: an invalid header fails here, before anything is sent
    this.#facts = serializeHead(statusCode, statusText, headers);
    this.statusCode = statusCode;
    this.statusMessage = statusText;
    return this;
  }

  /** Writes the head now, before any body (a StreamedResponse that flushes headers first). */
  flushHeaders(): void {
    if (!this.headersSent && !this.destroyed) this.#connection.socket.write(this.#headText(undefined), 'latin1');
  }

  write(chunk: string | Uint8Array, encoding?: BufferEncoding | ((error?: Error | null) => void), callback?: (error?: Error | null) => void): boolean {
    if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    if (this.writableEnded) {
      const error = Object.assign(new Error('write after end'), { code: 'ERR_STREAM_WRITE_AFTER_END' });
      process.nextTick(() => {
        callback?.(error);
        this.emit('error', error);
      });
      return false;
    }
    if (this.destroyed) return false;
    const socket = this.#connection.socket;
    if (!this.headersSent) socket.write(this.#headText(undefined), 'latin1');
    const length = typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.length;
    if (this.#bodiless || length === 0) {
      if (callback !== undefined) process.nextTick(callback);
      return true;
    }
    let flushed: boolean;
    if (this.#chunked) {
      socket.cork();
      socket.write(`${length.toString(16)}\r\n`, 'latin1');
      socket.write(chunk, encoding as BufferEncoding);
      flushed = socket.write('\r\n', 'latin1', callback);
      socket.uncork();
    } else {
      flushed = socket.write(chunk, encoding as BufferEncoding, callback);
    }
    if (!flushed) this.writableNeedDrain = true;
    return flushed;
  }

  end(chunk?: string | Uint8Array | (() => void), encoding?: BufferEncoding | (() => void), callback?: () => void): this {
    if (typeof chunk === 'function') {
      callback = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    if (this.writableEnded || this.destroyed) {
      if (callback !== undefined) process.nextTick(callback);
      return this;
    }
    const socket = this.#connection.socket;
    let flushed: boolean;
    if (this.headersSent && chunk !== undefined && !this.#bodiless) this.write(chunk, encoding as BufferEncoding);
    this.writableEnded = true;
    if (!this.headersSent) {
      // the usual case: the whole response in one write, its length known
      const body = chunk === undefined ? '' : chunk;
      const head = this.#headText(body, encoding as BufferEncoding | undefined);
      if (this.#bodiless || body.length === 0) {
        flushed = this.#connection.write(this, head, true);
      } else if (typeof body === 'string' && (encoding === undefined || encoding === 'utf8' || encoding === 'utf-8') && !this.#latin1Head) {
        flushed = this.#connection.write(this, head + body, false);
      } else {
        socket.cork();
        socket.write(head, 'latin1');
        flushed = socket.write(body, encoding as BufferEncoding);
        socket.uncork();
      }
    } else {
      flushed = this.#chunked && !this.#bodiless ? socket.write('0\r\n\r\n', 'latin1') : !socket.writableNeedDrain;
    }
    if (flushed) this.#finished(callback);
    else this.#afterDrain = callback ?? noop;
    return this;
  }

  /** The socket took all it was given. @internal */
  drained(): void {
    if (this.writableNeedDrain) {
      this.writableNeedDrain = false;
      this.emit('drain');
    }
    const after = this.#afterDrain;
    if (after !== undefined) {
      this.#afterDrain = undefined;
      this.#finished(after);
    }
  }

  #finished(callback: (() => void) | undefined): void {
    this.writableFinished = true;
    this.closed = true;
    callback?.();
    this.emit('finish');
    this.emit('close');
    // last: the next pipelined request may be read at once, inside this call
    this.#connection.responded(this, this.shouldKeepAlive);
  }

  destroy(error?: Error): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.#connection.destroy();
    if (error !== undefined) process.nextTick(() => this.emit('error', error));
    return this;
  }

  /** The connection closed before this response was all written. @internal */
  socketClosed(): void {
    if (this.closed) return;
    this.destroyed = true;
    this.closed = true;
    this.emit('close');
  }

  /**
   * The head as it goes out: the application's headers checked, then Date, Connection
   * and the body's framing when the application did not say. `body` is the whole body
   * when known (end without writes), undefined when the body follows in writes.
   */
  #headText(body: string | Uint8Array | undefined, encoding?: BufferEncoding): string {
    const status = this.statusCode;
    const facts = this.#facts ?? serializeHead(status, this.statusMessage, undefined);
    this.headersSent = true;
    this.#latin1Head = facts.latin1;
    this.#bodiless = this.#head || status === 204 || status === 304 || status < 200;
    let text = facts.text;
    if (!facts.date) text += httpDateLine();
    if (facts.connectionClose || this.#connection.server.closing) this.shouldKeepAlive = false;
    if (!this.#bodiless && !facts.contentLength) {
      if (body !== undefined) {
        text += `Content-Length: ${typeof body === 'string' ? Buffer.byteLength(body, encoding) : body.length}\r\n`;
      } else if (facts.chunked) {
        this.#chunked = true;
      } else if (this.req.httpVersion === '1.1') {
        text += 'Transfer-Encoding: chunked\r\n';
        this.#chunked = true;
      } else {
        // an HTTP/1.0 client learns where the body ends by the connection's end
        this.shouldKeepAlive = false;
      }
    }
    if (!facts.connection) text += this.shouldKeepAlive ? this.#connection.server.keepAliveHeaderLines : 'Connection: close\r\n';
    return `${text}\r\n`;
  }
}

Object.setPrototypeOf(Http1Response.prototype, EventEmitter.prototype);

function noop(): void {}

