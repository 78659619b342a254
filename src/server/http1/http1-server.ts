import { EventEmitter } from 'node:events';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { createServer as createTlsServer, type TlsOptions } from 'node:tls';
import { statusTexts } from '../../http/status-texts.ts';
import { ChunkedDecoder } from './chunked-decoder.ts';
import { HttpParseError, parseRequestHead, type HeaderValue, type RequestHead } from './request-head.ts';
import { PendingBytes } from './pending-bytes.ts';
import { readIntoBuffer } from '../node-internals.ts';
import { httpDate, serializeHead, type HeadFacts, type HeaderList, type HeaderObject } from './outgoing.ts';

export interface Http1ServerOptions {
  /** How long an idle keep-alive connection is kept, in ms. Default 5 s; 0 keeps it until the client closes it. */
  keepAliveTimeout?: number;
  /** Time allowed to receive a request's head, in ms; the client gets a 408. Default 60 s. */
  headersTimeout?: number;
  /** Time allowed to receive a whole request, body included, in ms; 0 for none. Default 300 s. */
  requestTimeout?: number;
  /** The most bytes a request's head (request line and fields) may take; past it, a 431. Default 16 KiB. */
  maxHeaderSize?: number;
  /** The most header fields a request may have; past it, a 431. Default 2000. */
  maxHeadersCount?: number;
  /** Serves HTTPS with these options (`key` and `cert` at least), as node's `https.createServer` takes them. */
  tls?: TlsOptions;
  /**
   * Reads every connection through its stream ('data' events), as TLS connections are
   * read, even where a plain one could read into the server's buffer (see `readIntoBuffer`).
   * For tests of that path. @internal
   */
  streamReads?: boolean;
}

const crlfCrlf = Buffer.from('\r\n\r\n');
/** The size of the buffer plain connections read into: what node allocates for each read otherwise. */
const readBufferSize = 64 * 1024;
/** Bytes of pipelined requests read ahead while one is answered; past it, the socket is paused. */
const readAhead = 64 * 1024;

const enum State {
  /** Between requests: nothing of the next one received. */
  Idle,
  /** Part of a request's head received. */
  Head,
  /** A request handed to the application; its body may still be arriving. */
  Busy,
  /** Closing: nothing more is read. */
  Closed,
}

/**
 * An HTTP/1.1 server on node:net, with its own request parser and response writer,
 * and node:http's surface where the framework uses it (`request` event, listen, close,
 * closeIdleConnections, closeAllConnections; requests and responses with the members
 * node's IncomingMessage and ServerResponse have for them).
 *
 * Why not node:http: IncomingMessage and ServerResponse are streams with a cost per
 * request that a response made in memory, the usual case, does not need (callgrind: the
 * app's /hello took 68 k instructions over node:http, 45 k here). Here a request
 * without a body is a plain object and its response one socket write; a body, streamed or
 * uploaded, still goes through streams.
 *
 * Requests on a connection are answered one at a time, in order: pipelined ones wait,
 * read ahead up to 64 KiB. Timeouts as node:http has them (headers, request, keep-alive)
 * are checked on one timer for all connections.
 */
export class Http1Server extends EventEmitter {
  readonly #net: NetServer;
  readonly #connections = new Set<Http1Connection>();
  readonly keepAliveTimeout: number;
  /** The header lines of a response after which the connection stays open. @internal */
  readonly keepAliveLines: string;
  readonly headersTimeout: number;
  readonly requestTimeout: number;
  readonly maxHeaderSize: number;
  readonly maxHeadersCount: number;
  readonly #checkEvery: number;
  #checker: NodeJS.Timeout | undefined;
  #closing = false;
  /**
   * What plain connections read into, one after another (each read is handled before the
   * next one fills it); undefined where connections are read through their streams.
   * @internal
   */
  readonly readBuffer: Buffer | undefined;

  constructor(options: Http1ServerOptions = {}, onRequest?: (req: Http1Request, res: Http1Response) => void) {
    super();
    this.keepAliveTimeout = options.keepAliveTimeout ?? 5_000;
    this.keepAliveLines = this.keepAliveTimeout > 0 ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(this.keepAliveTimeout / 1000)}\r\n` : 'Connection: keep-alive\r\n';
    this.requestTimeout = options.requestTimeout ?? 300_000;
    this.headersTimeout = options.headersTimeout ?? (this.requestTimeout > 0 ? Math.min(60_000, this.requestTimeout) : 60_000);
    this.maxHeaderSize = options.maxHeaderSize ?? 16 * 1024;
    this.maxHeadersCount = options.maxHeadersCount ?? 2000;
    const shortest = Math.min(...[this.headersTimeout, this.requestTimeout, this.keepAliveTimeout].filter((ms) => ms > 0), 4_000);
    this.#checkEvery = Math.max(10, Math.floor(shortest / 4));
    if (onRequest !== undefined) this.on('request', onRequest);
    this.readBuffer = options.tls === undefined && options.streamReads !== true ? Buffer.allocUnsafeSlow(readBufferSize) : undefined;
    // Half-open: the connection decides what a client's end means (see #ended). Over TLS,
    // a connection is handed over once its handshake is done.
    this.#net = options.tls === undefined
      ? createNetServer({ noDelay: true, allowHalfOpen: true }, (socket) => this.#connected(socket))
      : createTlsServer({ ...options.tls, noDelay: true, allowHalfOpen: true }, (socket) => this.#connected(socket));
    // a handshake that fails concerns its own connection only
    this.#net.on('tlsClientError', (_error: Error, socket: Socket) => socket.destroy());
    this.#net.on('error', (error) => this.emit('error', error));
    this.#net.on('listening', () => this.emit('listening'));
  }

  get closing(): boolean {
    return this.#closing;
  }

  listen(port: number, host: string, callback?: () => void): this {
    this.#closing = false;
    this.#net.listen(port, host, callback);
    return this;
  }

  address(): AddressInfo | string | null {
    return this.#net.address();
  }

  /** Stops accepting connections; `callback` runs once every open one is closed. Idle ones are not closed here (see closeIdleConnections). */
  close(callback?: (error?: Error) => void): this {
    this.#closing = true;
    this.#net.close((error) => {
      this.#stopChecking();
      callback?.(error);
      this.emit('close');
    });
    return this;
  }

  /**
   * Closes the connections that wait for a next request and have received nothing for
   * `idleForMs` (default 0: all of them); the busy ones close after their response.
   */
  closeIdleConnections(idleForMs = 0): void {
    const now = Date.now();
    for (const connection of this.#connections) if (connection.idleFor(now) >= idleForMs) connection.destroy();
  }

  closeAllConnections(): void {
    for (const connection of this.#connections) connection.destroy();
  }

  #connected(socket: Socket): void {
    if (this.#closing) {
      socket.destroy();
      return;
    }
    const connection = new Http1Connection(this, socket);
    this.#connections.add(connection);
    this.#checker ??= setInterval(() => this.#check(), this.#checkEvery).unref();
    this.emit('connection', socket);
  }

  /** @internal */
  forget(connection: Http1Connection): void {
    this.#connections.delete(connection);
    if (this.#connections.size === 0) this.#stopChecking();
  }

  #stopChecking(): void {
    if (this.#checker !== undefined) clearInterval(this.#checker);
    this.#checker = undefined;
  }

  #check(): void {
    const now = Date.now();
    for (const connection of this.#connections) connection.checkTimeouts(now);
  }
}

/**
 * One client connection: reads requests off it one at a time and writes their responses
 * in order. @internal
 */
export class Http1Connection {
  readonly server: Http1Server;
  readonly socket: Socket;
  #state = State.Head;
  /** When the current state began (Date.now()): the head's start, or the connection's idleness. */
  #since = Date.now();
  /** Received bytes not read yet: the head of the next request, in part or whole, and pipelined ones. */
  readonly #pending = new PendingBytes();
  /** How far into #pending the end of the head has been looked for in vain: a head sent in pieces is searched once, not once per piece. */
  #searched = 0;
  #response: Http1Response | undefined;
  #body: IncomingBody | undefined;
  #reading = false;
  #paused = false;
  /** The client has ended its side (half-closed): what it sent is answered, then the connection closes. */
  #clientEnded = false;

  constructor(server: Http1Server, socket: Socket) {
    this.server = server;
    this.socket = socket;
    const buffer = server.readBuffer;
    if (buffer === undefined || !readIntoBuffer(socket, buffer, (length) => this.#receivedInto(buffer, length))) {
      socket.on('data', (chunk: Buffer) => this.#received(chunk));
    }
    socket.on('error', () => this.destroy());
    socket.on('end', () => this.#ended());
    socket.on('close', () => this.#closed());
    socket.on('drain', () => this.#response?.drained());
  }

  get idle(): boolean {
    return this.#state === State.Idle;
  }

  /** How long, in ms, it has waited for a request with nothing of one received; -1 when it is not waiting so. */
  idleFor(now: number): number {
    const waiting = this.#state === State.Idle || (this.#state === State.Head && this.#pending.empty);
    return waiting ? now - this.#since : -1;
  }

  destroy(): void {
    this.#state = State.Closed;
    this.socket.destroy();
  }

  checkTimeouts(now: number): void {
    const elapsed = now - this.#since;
    const server = this.server;
    switch (this.#state) {
      case State.Idle:
        if (server.keepAliveTimeout > 0 && elapsed >= server.keepAliveTimeout) this.destroy();
        break;
      case State.Head:
        if (elapsed >= server.headersTimeout) this.#refuse(408);
        break;
      case State.Busy:
        if (this.#body !== undefined && !this.#body.complete && server.requestTimeout > 0 && elapsed >= server.requestTimeout) {
          if (this.#response?.headersSent === false) this.#refuse(408);
          else this.destroy();
        }
        break;
    }
  }

  /**
   * `length` bytes arrived in the server's read buffer, which the next read overwrites:
   * what is kept past this call (a head in part, pipelined requests, body chunks) is
   * copied out of it.
   */
  #receivedInto(buffer: Buffer, length: number): boolean {
    // what is kept of it goes to #pending, a copy, or to a body, which copies (see kept)
    this.#received(buffer.subarray(0, length));
    return true;
  }

  /** `data` itself, or a copy of it when it lies in a buffer that a later read overwrites. @internal */
  kept(data: Buffer): Buffer {
    const readBuffer = this.server.readBuffer;
    return (readBuffer !== undefined && data.buffer === readBuffer.buffer) || this.#pending.holds(data) ? Buffer.from(data) : data;
  }

  #received(chunk: Buffer): void {
    if (this.#state === State.Closed) return;
    const body = this.#body;
    if (body !== undefined && !body.complete) {
      let rest: Buffer | undefined;
      try {
        rest = body.feed(chunk);
      } catch (error) {
        this.#bodyFailed(error);
        return;
      }
      if (rest === undefined) return;
      chunk = rest;
    }
    if (this.#state === State.Idle) {
      this.#state = State.Head;
      this.#since = Date.now();
    }
    if (this.#state === State.Head && this.#pending.empty) {
      // the usual case: the bytes are read where they arrived, only a rest is copied
      this.#readRequests(chunk);
      return;
    }
    this.#pending.append(chunk);
    if (this.#state === State.Head) this.#readRequests(undefined);
    // While a request is answered, one read ahead is enough (node:http reads on, in C++,
    // at a cost per read JavaScript cannot match): a pipelining client is read from again
    // once its response is written.
    else this.#pause();
  }

  /**
   * Reads and dispatches the requests in `chunk` (bytes just received, none pending before
   * them) or, when undefined, in #pending: one after another while each is answered at once.
   * What is left unread stays in #pending.
   */
  #readRequests(chunk: Buffer | undefined): void {
    if (this.#reading) {
      if (chunk !== undefined) this.#pending.append(chunk);
      return;
    }
    this.#reading = true;
    const bytes = chunk ?? this.#pending.view();
    let at = 0;
    try {
      while (this.#state === State.Head && at < bytes.length) {
        const next = this.#readRequest(bytes, at);
        if (next === at) break;
        at = next;
      }
    } finally {
      this.#reading = false;
    }
    if (this.#state === State.Closed) return;
    if (chunk === undefined) this.#pending.consume(at);
    else if (at < chunk.length) this.#pending.append(chunk.subarray(at));
    if (this.#state === State.Head && this.#pending.empty && this.#response === undefined && at > 0) this.#state = State.Idle;
    else if (this.#state === State.Busy && this.#pending.length > readAhead) this.#pause();
  }

  /**
   * Dispatches the request that begins at `start` in `bytes`; returns where the bytes not
   * read yet begin: `start` itself when its head is not all there yet, or past the request
   * (and whatever of its body came with it) once dispatched.
   */
  #readRequest(bytes: Buffer, start: number): number {
    // RFC 9112 §2.2: empty lines before a request line are ignored
    while (start + 1 < bytes.length && bytes[start] === 13 && bytes[start + 1] === 10) start += 2;
    const searched = this.#searched;
    const end = bytes.indexOf(crlfCrlf, start + searched);
    const maxHeaderSize = this.server.maxHeaderSize;
    if (end === -1 || end - start > maxHeaderSize) {
      if (bytes.length - start > maxHeaderSize) {
        // no end of the request line within the limit: the target is what is too long
        const lineEnd = bytes.indexOf(10, start);
        this.#refuse(lineEnd === -1 || lineEnd - start > maxHeaderSize ? 414 : 431);
      } else if (hasBareLineBreak(bytes, start + Math.max(0, searched - 1), start)) {
        // refused at once, as llhttp refuses it, rather than waited on until the headers timeout
        this.#refuse(400);
      } else {
        // the terminator may begin in the last 3 bytes, its rest still to come
        this.#searched = Math.max(0, bytes.length - start - 3);
      }
      return start;
    }
    this.#searched = 0;
    let head: RequestHead;
    try {
      head = parseRequestHead(bytes, start, end + 2, this.server.maxHeadersCount);
    } catch (error) {
      if (!(error instanceof HttpParseError)) throw error;
      this.#refuse(error.statusCode);
      return start;
    }
    let next = end + 4;
    const request = new Http1Request(head, this.socket);
    const response = new Http1Response(this, request, head.keepAlive && !this.server.closing);
    if (head.body !== 0) {
      const body = new IncomingBody(this, request, head.body);
      if (next < bytes.length) {
        let rest: Buffer | undefined;
        try {
          rest = body.feed(bytes.subarray(next));
        } catch (error) {
          // malformed before the application saw the request: it never will
          if (!(error instanceof HttpParseError)) throw error;
          this.#refuse(error.statusCode);
          return start;
        }
        next = rest === undefined ? bytes.length : bytes.length - rest.length;
      }
      this.#body = body;
      request.body = body;
      if (head.expectContinue && !body.complete) this.socket.write('HTTP/1.1 100 Continue\r\n\r\n');
    } else {
      this.#body = undefined;
      request.complete = true;
    }
    this.#response = response;
    this.#state = State.Busy;
    this.server.emit('request', request, response);
    return next;
  }

  /** The request's response is written out; the next request may be read. @internal */
  responded(response: Http1Response, keepAlive: boolean): void {
    if (response !== this.#response || this.#state === State.Closed) return;
    this.#response = undefined;
    const bodyLeft = this.#body !== undefined && !this.#body.complete;
    if (!keepAlive || bodyLeft || this.server.closing || (this.#clientEnded && this.#pending.empty)) {
      // A body nobody read to its end cannot be skipped safely: the connection ends instead.
      this.#state = State.Closed;
      this.#body?.abandon();
      this.socket.destroySoon();
      return;
    }
    this.#body = undefined;
    this.#resume();
    this.#since = Date.now();
    if (this.#reading) {
      // a response made at once, inside the request's own dispatch: that loop goes on
      this.#state = State.Head;
    } else if (this.#pending.empty) {
      this.#state = State.Idle;
    } else {
      this.#state = State.Head;
      this.#readRequests(undefined);
      // a half-closed client's last request was cut short: nothing more can come
      if (this.#clientEnded && this.#state === State.Head) this.destroy();
    }
  }

  /** The body's reader wants no more for now. @internal */
  pauseBody(): void {
    this.#pause();
  }

  /** The body's reader wants more. @internal */
  resumeBody(): void {
    this.#resume();
  }

  #pause(): void {
    if (!this.#paused) {
      this.#paused = true;
      this.socket.pause();
    }
  }

  #resume(): void {
    if (this.#paused) {
      this.#paused = false;
      this.socket.resume();
    }
  }

  #bodyFailed(error: unknown): void {
    this.#body?.fail(error instanceof Error ? error : new Error(String(error)));
    if (error instanceof HttpParseError && this.#response?.headersSent === false) this.#refuse(error.statusCode);
    else this.destroy();
  }

  /** Answers a request that cannot be read (a malformed head, a timeout) with `statusCode` and closes the connection. */
  #refuse(statusCode: number): void {
    const statusText = statusTexts[statusCode] ?? 'Bad Request';
    this.#state = State.Closed;
    this.#pending.clear();
    // a response the application is still making has nowhere to go now
    this.#response?.socketClosed();
    this.socket.end(`HTTP/1.1 ${statusCode} ${statusText}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    this.socket.destroySoon();
  }

  /**
   * The client ended its side. A client may half-close once it has sent its request (some
   * scripts and proxies do) and still read: a request whose body has all come is answered,
   * and the requests already received after it, then the connection closes. Otherwise
   * (between requests, in a head or a body) nothing more can come: it closes now.
   */
  #ended(): void {
    if (this.#state === State.Closed) return;
    if (this.#state === State.Busy && (this.#body === undefined || this.#body.complete)) this.#clientEnded = true;
    else this.destroy();
  }

  #closed(): void {
    this.#state = State.Closed;
    this.#pending.clear();
    this.#body?.fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    this.#response?.socketClosed();
    this.server.forget(this);
  }
}

/** A request's body as it arrives: a Readable, with back-pressure on the socket. @internal */
export class IncomingBody extends Readable {
  readonly #connection: Http1Connection;
  readonly #request: Http1Request;
  #left: number;
  readonly #chunked: ChunkedDecoder | undefined;
  complete = false;

  constructor(connection: Http1Connection, request: Http1Request, framing: number | 'chunked') {
    super();
    this.#connection = connection;
    this.#request = request;
    this.#left = framing === 'chunked' ? Infinity : framing;
    this.#chunked = framing === 'chunked' ? new ChunkedDecoder() : undefined;
  }

  override _read(): void {
    this.#connection.resumeBody();
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
    if (take > 0) this.#push(chunk.subarray(0, take));
    this.#finish();
    return take < chunk.length ? chunk.subarray(take) : undefined;
  }

  #push(data: Buffer): void {
    if (!this.push(this.#connection.kept(data))) this.#connection.pauseBody();
  }

  #finish(): void {
    this.complete = true;
    this.#request.complete = true;
    this.push(null);
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

/** A request as node's IncomingMessage shows it, for what the framework reads; `body` is its stream, when it has a body. */
export class Http1Request {
  readonly method: string;
  readonly url: string;
  readonly httpVersion: '1.0' | '1.1';
  readonly headers: Record<string, HeaderValue>;
  readonly socket: Socket;
  /** Whether the whole request, body included, has been received. */
  complete = false;
  body: Readable | undefined;

  constructor(head: RequestHead, socket: Socket) {
    this.method = head.method;
    this.url = head.url;
    this.httpVersion = head.httpVersion;
    this.headers = head.headers;
    this.socket = socket;
  }
}

/**
 * A response as node's ServerResponse shows it, for what the framework and its streams
 * use: `writeHead` then `end(body)` (one socket write, the usual case), or `write`s with
 * back-pressure (`drain`), chunked when no Content-Length was given; `finish` and `close`.
 */
export class Http1Response extends EventEmitter {
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
    super();
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
        flushed = socket.write(head, 'latin1');
      } else if (typeof body === 'string' && (encoding === undefined || encoding === 'utf8' || encoding === 'utf-8') && !this.#latin1Head) {
        flushed = socket.write(head + body, 'utf8');
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
    if (!facts.date) text += `Date: ${httpDate()}\r\n`;
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
    if (!facts.connection) text += this.shouldKeepAlive ? this.#connection.server.keepAliveLines : 'Connection: close\r\n';
    return `${text}\r\n`;
  }
}

function noop(): void {}

/**
 * Whether `bytes`, from `from` on, has a LF not preceded by a CR (at or after `start`),
 * or a CR followed by anything but a LF: a line break RFC 9112 does not allow in a head.
 */
function hasBareLineBreak(bytes: Buffer, from: number, start: number): boolean {
  for (let lf = bytes.indexOf(10, from); lf !== -1; lf = bytes.indexOf(10, lf + 1)) {
    if (lf === start || bytes[lf - 1] !== 13) return true;
  }
  for (let cr = bytes.indexOf(13, from); cr !== -1 && cr + 1 < bytes.length; cr = bytes.indexOf(13, cr + 1)) {
    if (bytes[cr + 1] !== 10) return true;
  }
  return false;
}
