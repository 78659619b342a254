import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { Request, type TrustPolicy } from '../http/request.ts';
import { HeaderBag } from '../http/header-bag.ts';
import { Response } from '../http/response.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import type { HttpApplication } from './http-application.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';
import { stderrLogger, type CriticalLogger } from './critical-logger.ts';
import { asWritable, type TransportRequest, type TransportResponse } from './transport.ts';
import { NodeResponse } from './node-response.ts';

/** The names the request log and older code use for a transport's request and response. */
export type { TransportRequest as ServerRequest, TransportResponse as ServerResponse } from './transport.ts';

export interface NodeAdapterOptions {
  logger?: CriticalLogger;
  /** Handed to every Request, so forwarded headers are believed only from trusted proxies. */
  trust?: TrustPolicy;
  /**
   * Whether the adapter calls `response.prepare(request)` before sending (default true).
   * Set it to false when the application prepares on kernel.response (the reference's
   * ResponseListener): a second prepare is not harmless today, a HEAD answer would get
   * `Content-Length: 0` and a 206 the full file's length.
   */
  prepare?: boolean;
  /** Whether the server is closing: the answers then say `Connection: close`. */
  isClosing?: () => boolean;
  /**
   * Called with the request when its response is done with (sent, or its client gone),
   * before terminate, from the one listener the adapter has on the response's `close`.
   */
  onClosed?: (req: TransportRequest) => void;
}

interface Connection {
  readonly remoteAddress: string;
  readonly secure: boolean;
  readonly serverPort: number | undefined;
}

/** An absolute-form target: the authority, then the path and query. */
const absoluteForm = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/([^/?#@]+)([^#]*)$/;

/** Errors that only say the client went away; there is nobody left to tell. */
const clientGoneCodes = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'EPIPE', 'ECONNRESET']);

/**
 * Turns a transport's request and response (see transport.ts) into a Request, asks the application for the Response, writes it,
 * and runs terminate once the client has it. Every failure stays within its own request:
 * the server keeps serving the others.
 *
 * A response the application made synchronously is written in the same turn, without a
 * promise; one listener on the response's `close` runs terminate.
 */
export class NodeAdapter {
  readonly #app: HttpApplication;
  readonly #logger: CriticalLogger;
  readonly #trust: TrustPolicy | undefined;
  readonly #prepare: boolean;
  readonly #isClosing: () => boolean;
  readonly #onClosed: ((req: TransportRequest) => void) | undefined;
  readonly #connections = new WeakMap<Socket, Connection>();

  constructor(app: HttpApplication, options: NodeAdapterOptions = {}) {
    this.#app = app;
    this.#logger = options.logger ?? stderrLogger;
    this.#trust = options.trust;
    this.#prepare = options.prepare ?? true;
    this.#isClosing = options.isClosing ?? neverClosing;
    this.#onClosed = options.onClosed;
  }

  /** Answers one request. Never throws; the answer may be written later, when the application's is a promise. */
  handle(req: TransportRequest, res: TransportResponse): void {
    const request = this.createRequest(req);
    let answer: MaybePromise<Response>;
    try {
      answer = this.#app.handle(request);
    } catch (error) {
      answer = this.#failed(error, request, res);
    }
    if (isThenable(answer)) {
      answer.then(
        (response) => this.#send(response, request, req, res),
        (error: unknown) => this.#send(this.#failed(error, request, res), request, req, res),
      );
    } else {
      this.#send(answer, request, req, res);
    }
  }

  createRequest(req: TransportRequest): Request {
    const connection = this.#connectionOf(req.socket);
    let url = req.url ?? '/';
    let headers = req.headers;
    if (url.charCodeAt(0) !== 47 /* / */ && url !== '*') {
      // node:http hands an absolute-form target (RFC 9112 §3.2.2) over as sent; the
      // Sluice server has already turned it into a path and checked Host against it
      const absolute = absoluteForm.exec(url);
      if (absolute !== null) {
        url = absolute[2] === '' || absolute[2]!.charCodeAt(0) === 63 /* ? */ ? `/${absolute[2]}` : absolute[2]!;
        // the authority wins over Host, as that section says
        headers = { ...headers, host: absolute[1] };
      }
    }
    return new Request({
      method: req.method,
      url,
      headers: HeaderBag.fromLowercase(headers),
      remoteAddress: connection.remoteAddress,
      secure: connection.secure,
      serverPort: connection.serverPort,
      body: req.body,
      trust: this.#trust,
    });
  }

  /**
   * What a connection's socket says about every request on it, read once per connection
   * (a keep-alive connection carries many requests): node's address getters ask the
   * operating system's socket each time, which weighed on every request's creation.
   */
  #connectionOf(socket: Socket): Connection {
    let connection = this.#connections.get(socket);
    if (connection === undefined) {
      const remoteAddress = socket.remoteAddress;
      connection = { remoteAddress: remoteAddress ?? '', secure: (socket as Partial<TLSSocket>).encrypted === true, serverPort: socket.localPort };
      // an address not known yet (a socket still connecting) is read again next time
      if (remoteAddress !== undefined) this.#connections.set(socket, connection);
    }
    return connection;
  }

  #failed(error: unknown, request: Request, res: TransportResponse): Response {
    // a body read cut short by a client that left is no failure of the application
    if (!(res.destroyed && isClientGone(error))) {
      this.#logger.critical('No response could be made for "{method} {url}", a bare 500 was sent: {reason}', context(request, error));
    }
    return internalServerError();
  }

  #send(answer: unknown, request: Request, req: TransportRequest, res: TransportResponse): void {
    let response = answer instanceof Response ? answer : this.#failed(new TypeError(`The application answered ${typeof answer}, not a Response.`), request, res);
    try {
      response = this.#writeHead(request, response, req, res);
      this.#writeBody(request, response, res);
    } catch (error) {
      // not even the bare 500 could be written (headers already sent by someone else?)
      this.#logger.critical('The response to "{method} {url}" could not be sent, its connection was closed: {reason}', context(request, error));
      res.destroy();
    }
    // node emits 'close' on the response once it is finished, or when the client left
    // first; only once, so `on` will do (`once` wraps the listener, bound, per request).
    // A NodeResponse ended in one write says when that write is done, a tick before.
    if (res.closed) this.#terminate(request, response, req);
    else {
      const terminate = (): void => this.#terminate(request, response, req);
      if (!(res instanceof NodeResponse && res.whenWritten(terminate))) res.on('close', terminate);
    }
  }

  #terminate(request: Request, response: Response, req: TransportRequest): void {
    this.#onClosed?.(req);
    let done: MaybePromise<void>;
    try {
      done = this.#app.terminate(request, response);
    } catch (error) {
      this.#terminateFailed(error, request);
      return;
    }
    if (isThenable(done)) done.then(undefined, (error: unknown) => this.#terminateFailed(error, request));
  }

  #terminateFailed(error: unknown, request: Request): void {
    this.#logger.critical('Terminating "{method} {url}" failed: {reason}', context(request, error));
  }

  /** Prepares and writes the status line and headers; a response that cannot be written becomes the bare 500. */
  #writeHead(request: Request, response: Response, req: TransportRequest, res: TransportResponse): Response {
    // A body the application left unread is not drained (it may be endless): the connection
    // closes instead. So does every connection once the server is closing.
    // (A request without a body is not `complete` yet while its 'request' event runs.)
    if ((!req.complete && req.body !== undefined) || this.#isClosing()) res.shouldKeepAlive = false;
    try {
      if (this.#prepare) response.prepare(request);
      res.writeHead(response.statusCode, response.statusText, response.headers.toNodeHeaderList());
      return response;
    } catch (error) {
      this.#logger.critical('The response to "{method} {url}" could not be written, a bare 500 was sent: {reason}', context(request, error));
      const fallback = internalServerError().prepare(request);
      res.writeHead(fallback.statusCode, fallback.statusText, fallback.headers.toNodeHeaderList());
      return fallback;
    }
  }

  /** Writes the body: an in-memory one at once, a streamed or file body over time (its failure closes the connection). */
  #writeBody(request: Request, response: Response, res: TransportResponse): void {
    // A body written over time (a stream, a file, a callback) may be written after its
    // end, which makes node emit 'error' on the response; unheard, it would end the
    // process. Response's own single `end(body)` cannot: node emits that error only for a
    // write after the end, never for a client that left (the response is then destroyed).
    if (response.sendContent !== Response.prototype.sendContent) res.on('error', ignore);
    let writing: void | Promise<void>;
    try {
      writing = response.sendContent(asWritable(res));
    } catch (error) {
      this.#bodyFailed(error, request, res);
      return;
    }
    if (writing !== undefined) writing.catch((error: unknown) => this.#bodyFailed(error, request, res));
  }

  #bodyFailed(error: unknown, request: Request, res: TransportResponse): void {
    if (!res.destroyed && !isClientGone(error)) {
      this.#logger.critical('The body of "{method} {url}" failed mid-stream, its connection was closed: {reason}', context(request, error));
    }
    res.destroy();
  }
}

function internalServerError(): Response {
  return new Response('Internal Server Error', 500, { 'Content-Type': 'text/plain; charset=UTF-8' });
}

function isClientGone(error: unknown): boolean {
  return typeof error === 'object' && error !== null && clientGoneCodes.has((error as { code?: string }).code ?? '');
}

function context(request: Request, error: unknown): Record<string, unknown> {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { method: request.method, url: `${request.rawPath}${request.queryString === '' ? '' : `?${request.queryString}`}`, reason, exception: error };
}

function ignore(): void {}

function neverClosing(): boolean {
  return false;
}
