import { EventEmitter } from 'node:events';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { createRequire } from 'node:module';
import type * as Tls from 'node:tls';
import type { TlsOptions } from 'node:tls';
import { Http1Connection } from './http1-connection.ts';
import type { Http1Request } from './http1-request.ts';
import type { Http1Response } from './http1-response.ts';

// the request and response classes, where the server's users have always imported them from
export { Http1Request } from './http1-request.ts';
export { Http1Response } from './http1-response.ts';

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
  /**
   * Writes every response through its connection's socket, as TLS connections are
   * written, even where a plain one could be written to its stream handle (see
   * `writeToHandle`). For tests of that path. @internal
   */
  streamWrites?: boolean;
}

/** The size of the buffer plain connections read into: what node allocates for each read otherwise. */
const readBufferSize = 64 * 1024;

/**
 * An HTTP/1.1 server on node:net, with its own request parser and response writer,
 * and node:http's surface where the framework uses it (`request` event, listen, close,
 * closeIdleConnections, closeAllConnections; requests and responses with the members
 * node's IncomingMessage and ServerResponse have for them).
 *
 * Why not node:http: IncomingMessage and ServerResponse are streams, with a cost per
 * request that a response made in memory, the usual case, does not need: the same
 * application answers a simple request with much less work here (bench/RESULTS.md has
 * the counts). Here a request without a body is a plain object and its response one
 * socket write; a body, streamed or uploaded, still goes through streams.
 *
 * Requests on a connection are answered one at a time, in order: pipelined ones wait,
 * one read ahead (up to Http1Connection's readAhead of them when they came in one read). Timeouts as
 * node:http has them (headers, request, keep-alive) are checked on one timer for all
 * connections.
 */
export class Http1Server extends EventEmitter {
  readonly #net: NetServer;
  readonly #connections = new Set<Http1Connection>();
  readonly keepAliveTimeout: number;
  /** The header lines of a response after which the connection stays open. @internal */
  readonly keepAliveHeaderLines: string;
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
  /** Whether plain connections may write responses to their stream handles. @internal */
  readonly handleWrites: boolean;

  constructor(options: Http1ServerOptions = {}, onRequest?: (req: Http1Request, res: Http1Response) => void) {
    super();
    this.keepAliveTimeout = options.keepAliveTimeout ?? 5_000;
    this.keepAliveHeaderLines = this.keepAliveTimeout > 0 ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(this.keepAliveTimeout / 1000)}\r\n` : 'Connection: keep-alive\r\n';
    this.requestTimeout = options.requestTimeout ?? 300_000;
    this.headersTimeout = options.headersTimeout ?? (this.requestTimeout > 0 ? Math.min(60_000, this.requestTimeout) : 60_000);
    this.maxHeaderSize = options.maxHeaderSize ?? 16 * 1024;
    this.maxHeadersCount = options.maxHeadersCount ?? 2000;
    const shortest = Math.min(...[this.headersTimeout, this.requestTimeout, this.keepAliveTimeout].filter((ms) => ms > 0), 4_000);
    this.#checkEvery = Math.max(10, Math.floor(shortest / 4));
    if (onRequest !== undefined) this.on('request', onRequest);
    this.readBuffer = options.tls === undefined && options.streamReads !== true ? Buffer.allocUnsafeSlow(readBufferSize) : undefined;
    this.handleWrites = options.tls === undefined && options.streamWrites !== true;
    // Half-open: the connection decides what a client's end means (see #ended). Over TLS,
    // a connection is handed over once its handshake is done; node:tls is loaded only then,
    // so a plain HTTP server does not carry it.
    this.#net = options.tls === undefined
      ? createNetServer({ noDelay: true, allowHalfOpen: true }, (socket) => this.#connected(socket))
      : (createRequire(import.meta.url)('node:tls') as typeof Tls).createServer({ ...options.tls, noDelay: true, allowHalfOpen: true }, (socket) => this.#connected(socket));
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
   * `idleForMs` (default 0: all of them, at once); the busy ones close after their response.
   */
  closeIdleConnections(idleForMs = 0): void {
    const now = Date.now();
    for (const connection of this.#connections) {
      if (connection.idleFor(now) < idleForMs) continue;
      // With a delay, a connection is closed on the third call that finds it waiting: the
      // calls are apart, with reads between them, so a request sent just before a stall of
      // this process is read first, and answered, rather than cut off.
      if (idleForMs === 0 || ++connection.idleSweeps >= 3) connection.destroy();
    }
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

