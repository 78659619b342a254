import { createServer, type Server } from 'node:http';
import type * as Https from 'node:https';
import { createRequire } from 'node:module';
import type { TlsOptions } from 'node:tls';
import { Server as NetServer, type AddressInfo } from 'node:net';
import { NodeAdapter, type NodeAdapterOptions } from './node-adapter.ts';
import type { TransportRequest, TransportResponse } from './transport.ts';
import { nodeRequestOptions, type NodeRequest } from './node-request.ts';
import { Http1Server } from './http1/http1-server.ts';
import type { HttpApplication } from './http-application.ts';
import type { StaticFiles } from './static-files.ts';
import { stderrLogger, type CriticalLogger } from './critical-logger.ts';
import { NodeConnections } from './node-connections.ts';
import { answerHalfClosedClients, leaveUndrained } from './node-internals.ts';

/** node:https (with node:tls under it), loaded by the first HTTPS server: a plain HTTP server does not carry it. */
function loadHttps(): typeof Https {
  return createRequire(import.meta.url)('node:https') as typeof Https;
}

export interface NodeServerOptions extends NodeAdapterOptions {
  app: HttpApplication;
  /** Files answered before the kernel; closed with the server. */
  staticFiles?: StaticFiles;
  /** How long an idle keep-alive connection is kept, in ms. Default 5 s. */
  keepAliveTimeout?: number;
  /** Time allowed to receive a request's headers, in ms; the client gets a 408. Default 60 s (at most requestTimeout). */
  headersTimeout?: number;
  /** Time allowed to receive a whole request, in ms. Default 300 s. */
  requestTimeout?: number;
  /**
   * What speaks HTTP: `sluice`, the framework's own HTTP/1.1 server on node:net (default;
   * see http1/http1-server.ts), or `node`, node:http's.
   */
  transport?: Transport;
  /** Serves HTTPS with these options (`key` and `cert` at least), over either transport. */
  tls?: TlsOptions;
  /**
   * While closing, how long a keep-alive connection must have waited with nothing received
   * before it is closed, in ms: a client may be sending its next request on it, which is
   * answered (with `Connection: close`) if it comes. Default 500.
   */
  idleCloseDelay?: number;
}

/** What speaks HTTP: `sluice`, the framework's own HTTP/1.1 server, or `node`, node:http's. */
export type Transport = 'sluice' | 'node';

export interface ListenOptions {
  /** 0 takes a free port. Default 0. */
  port?: number;
  /** Default 127.0.0.1: reaching the server from elsewhere is a choice (`0.0.0.0`, `::`). */
  host?: string;
}

/**
 * An HTTP server (the framework's own, or node:http's) answering with static files first,
 * then the application.
 * `close()` is graceful and loses no request: no new connection, in-flight requests
 * finish, the next request on each keep-alive connection is answered with
 * `Connection: close`, a keep-alive connection is closed once it has waited idleCloseDelay
 * with nothing received (no request can be on its way then), and whatever is still open
 * after the grace period is destroyed.
 */
export class NodeServer {
  readonly server: Server | Http1Server;
  readonly #adapter: NodeAdapter;
  readonly #staticFiles: StaticFiles | undefined;
  readonly #logger: CriticalLogger;
  /** Static file responses being written; the application's are told by the adapter's isClosing. */
  readonly #filesInFlight = new Set<TransportResponse>();
  #closing: Promise<void> | undefined;
  readonly #idleCloseDelay: number;
  /** Closes the connections that have waited `idleForMs` with nothing received (each server its own way). */
  readonly #closeIdle: (idleForMs: number) => void;
  /** Stops accepting connections, leaving open ones be; `done` once all are closed. */
  readonly #stopListening: (done: () => void) => void;

  /** node:http's connections, followed here (the Sluice server knows its own). */
  readonly #connections: NodeConnections | undefined;

  constructor(options: NodeServerOptions) {
    const onClosed = options.onClosed;
    const sluice = (options.transport ?? 'sluice') === 'sluice';
    this.#adapter = new NodeAdapter(options.app, {
      ...options,
      isClosing: () => this.#closing !== undefined,
      // a node:http request is done with when the adapter's own listener on its response's close runs
      onClosed: sluice ? onClosed : (req) => {
        this.#connections!.ended(req.socket);
        onClosed?.(req);
      },
    });
    this.#staticFiles = options.staticFiles;
    this.#logger = options.logger ?? stderrLogger;
    this.#idleCloseDelay = options.idleCloseDelay ?? 500;
    const requestTimeout = options.requestTimeout ?? 300_000;
    const headersTimeout = options.headersTimeout ?? (requestTimeout > 0 ? Math.min(60_000, requestTimeout) : 60_000);
    const keepAliveTimeout = options.keepAliveTimeout ?? 5_000;
    if (sluice) {
      const server = new Http1Server({ keepAliveTimeout, headersTimeout, requestTimeout, tls: options.tls }, (req, res) => this.#onRequest(req, res));
      this.server = server;
      this.#closeIdle = (idleForMs) => server.closeIdleConnections(idleForMs);
      this.#stopListening = (done) => server.close(done);
      return;
    }
    const shortest = Math.min(...[headersTimeout, requestTimeout].filter((ms) => ms > 0), 30_000);
    const serverOptions = {
      ...nodeRequestOptions,
      keepAliveTimeout,
      headersTimeout,
      requestTimeout,
      // node looks for expired requests on this period (30 s by default), so a timeout
      // would otherwise run up to 30 s late; the check walks the open connections only.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(shortest / 4))),
    };
    // node:http's connections are followed here, for a close that loses nothing
    const onRequest = (req: TransportRequest, res: TransportResponse): void => {
      this.#connections!.begun(req.socket);
      // node would drain it after the response; without a body there is nothing to drain
      if (req.body === undefined) leaveUndrained(req as NodeRequest);
      this.#onRequest(req, res);
    };
    const server = options.tls === undefined ? createServer(serverOptions, onRequest) : loadHttps().createServer({ ...options.tls, ...serverOptions }, onRequest);
    this.server = server;
    const connections = new NodeConnections(server, options.tls !== undefined);
    this.#connections = connections;
    this.#closeIdle = (idleForMs) => connections.closeIdle(idleForMs);
    // node:http's close() also drops every connection between requests at once, when a
    // request may be on its way on one: only the listening socket is closed here
    this.#stopListening = (done) => NetServer.prototype.close.call(server, done);
    answerHalfClosedClients(server);
  }

  async listen(options: ListenOptions = {}): Promise<AddressInfo> {
    await this.#staticFiles?.ready;
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return this.address!;
  }

  get address(): AddressInfo | undefined {
    const address = this.server.address();
    return address === null || typeof address === 'string' ? undefined : address;
  }

  /** Resolves once every connection is closed; calling it again gives the same promise. */
  close(graceMs = 10_000): Promise<void> {
    this.#closing ??= new Promise<void>((resolve) => {
      for (const res of this.#filesInFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      const idleFor = Math.min(this.#idleCloseDelay, graceMs);
      const closeIdle = (): void => this.#closeIdle(idleFor);
      const sweep = setInterval(closeIdle, Math.max(10, Math.floor(idleFor / 5)));
      const deadline = setTimeout(() => this.server.closeAllConnections(), graceMs);
      const closed = (): void => {
        clearInterval(sweep);
        clearTimeout(deadline);
        this.#staticFiles?.close();
        resolve();
      };
      this.#stopListening(closed);
      closeIdle();
    });
    return this.#closing;
  }

  #onRequest(req: TransportRequest, res: TransportResponse): void {
    if (this.#closing !== undefined) res.shouldKeepAlive = false;
    const file = this.#staticFiles?.match(req);
    if (file === undefined) this.#adapter.handle(req, res);
    else void this.#serveFile(req, res, file);
  }

  async #serveFile(req: TransportRequest, res: TransportResponse, file: string): Promise<void> {
    this.#filesInFlight.add(res);
    // done with here, unless the application answers after all (the adapter then says so)
    let answeredByFile = true;
    res.once('close', () => {
      this.#filesInFlight.delete(res);
      if (answeredByFile) this.#connections?.ended(req.socket);
    });
    try {
      if (await this.#staticFiles!.serve(req, res, file)) return;
    } catch (error) {
      this.#logger.critical('Serving the static file "{file}" failed, the application answers instead: {reason}', { file, reason: String(error), exception: error });
    }
    answeredByFile = false;
    this.#adapter.handle(req, res);
  }
}
