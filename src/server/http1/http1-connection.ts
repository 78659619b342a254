import type { Socket } from 'node:net';
import { statusTexts } from '../../http/status-texts.ts';
import { parseRequestHead, type RequestHead } from './request-head.ts';
import { HttpParseError } from './http-parse-error.ts';
import { PendingBytes } from './pending-bytes.ts';
import { readIntoBuffer, writeError, writeThroughSocket, writeToHandle } from '../node-internals.ts';
import { IncomingBody } from './incoming-body.ts';
import { Http1Request } from './http1-request.ts';
import { Http1Response } from './http1-response.ts';
import type { Http1Server } from './http1-server.ts';

const crlfCrlf = Buffer.from('\r\n\r\n');
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
  #headSearchedUpTo = 0;
  #response: Http1Response | undefined;
  #body: IncomingBody | undefined;
  #reading = false;
  #paused = false;
  /** The client has ended its side (half-closed): what it sent is answered, then the connection closes. */
  #clientEnded = false;
  /** Whether a response may be written to the socket's stream handle itself (see writeToHandle). */
  readonly #handleWrites: boolean;
  /** A write to the stream handle waits for the kernel: nothing more is written past the socket until it is done. */
  #handleBusy = false;

  constructor(server: Http1Server, socket: Socket) {
    this.server = server;
    this.socket = socket;
    this.#handleWrites = server.handleWrites;
    const buffer = server.readBuffer;
    if (buffer === undefined || !readIntoBuffer(socket, buffer, (length) => this.#receivedInReadBuffer(buffer, length))) {
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

  /** How many sweeps of a closing server have seen it waiting since its last request (see Http1Server.closeIdleConnections). */
  idleSweeps = 0;

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
  #receivedInReadBuffer(buffer: Buffer, length: number): boolean {
    // what is kept of it goes to #pending, a copy, or to a body, which copies (see copyIfReused)
    this.#received(buffer.subarray(0, length));
    return true;
  }

  /** `data` itself, or a copy of it when it lies in a buffer that a later read overwrites. @internal */
  copyIfReused(data: Buffer): Buffer {
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
      this.idleSweeps = 0;
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
    // RFC 9112 §2.2: empty lines before a request line are ignored; so are stray CRs and
    // LFs, as llhttp ignores them: they frame nothing, and refusing them would refuse a
    // request that a proxy on llhttp passed on
    while (start < bytes.length && (bytes[start] === 13 || bytes[start] === 10)) start++;
    const searchedUpTo = this.#headSearchedUpTo;
    const end = bytes.indexOf(crlfCrlf, start + searchedUpTo);
    const maxHeaderSize = this.server.maxHeaderSize;
    if (end === -1 || end - start > maxHeaderSize) {
      if (bytes.length - start > maxHeaderSize) {
        // no end of the request line within the limit: the target is what is too long
        const lineEnd = bytes.indexOf(10, start);
        this.#refuse(lineEnd === -1 || lineEnd - start > maxHeaderSize ? 414 : 431);
      } else if (hasBareLineBreak(bytes, start + Math.max(0, searchedUpTo - 1), start)) {
        // refused at once, as llhttp refuses it, rather than waited on until the headers timeout
        this.#refuse(400);
      } else {
        // the terminator may begin in the last 3 bytes, its rest still to come
        this.#headSearchedUpTo = Math.max(0, bytes.length - start - 3);
      }
      return start;
    }
    this.#headSearchedUpTo = 0;
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

  /**
   * Writes a response's text (utf8, or latin1 when `latin1`): to the stream handle when
   * nothing else is being written, else through the socket. Returns whether it was all
   * handed over; when not, `response.drained()` follows once it is, unless the connection
   * closes first. @internal
   */
  write(response: Http1Response, text: string, latin1: boolean): boolean {
    const socket = this.socket;
    if (this.#handleWrites && !this.#handleBusy) {
      const done = writeToHandle(socket, text, latin1, (status) => this.#handleWritten(response, status));
      if (done === 0) return true;
      if (done === 1) {
        this.#handleBusy = true;
        return false;
      }
      if (done !== undefined) {
        // as a failed write through the socket ends: the socket destroyed with the error
        socket.destroy(writeError(done));
        return false;
      }
    }
    return writeThroughSocket(socket, text, latin1);
  }

  /** A write to the stream handle that had to wait is done (`status` 0) or failed (an errno). */
  #handleWritten(response: Http1Response, status: number): void {
    this.#handleBusy = false;
    if (this.socket.destroyed) return;
    if (status < 0) this.socket.destroy(writeError(status));
    else response.drained();
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
    this.idleSweeps = 0;
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

