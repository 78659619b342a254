import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { TlsOptions } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { NodeAdapter, type NodeAdapterOptions, type ServerRequest, type ServerResponse } from './node-adapter.ts';
import { Http1Server } from './http1/http1-server.ts';
import type { HttpApplication } from './http-application.ts';
import type { StaticFiles } from './static-files.ts';
import { stderrLogger, type CriticalLogger } from './critical-logger.ts';

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
 * `close()` is graceful: no new connection, in-flight requests finish (their answers
 * say `Connection: close`), idle keep-alive sockets close at once, and whatever is still
 * open after the grace period is destroyed.
 */
export class NodeServer {
  readonly server: Server | Http1Server;
  readonly #adapter: NodeAdapter;
  readonly #staticFiles: StaticFiles | undefined;
  readonly #logger: CriticalLogger;
  /** Static file responses being written; the application's are told by the adapter's isClosing. */
  readonly #filesInFlight = new Set<ServerResponse>();
  #closing: Promise<void> | undefined;

  constructor(options: NodeServerOptions) {
    this.#adapter = new NodeAdapter(options.app, {
      ...options,
      isClosing: () => this.#closing !== undefined,
      onClosed: () => this.#responseClosed(),
    });
    this.#staticFiles = options.staticFiles;
    this.#logger = options.logger ?? stderrLogger;
    const requestTimeout = options.requestTimeout ?? 300_000;
    const headersTimeout = options.headersTimeout ?? (requestTimeout > 0 ? Math.min(60_000, requestTimeout) : 60_000);
    const keepAliveTimeout = options.keepAliveTimeout ?? 5_000;
    if ((options.transport ?? 'sluice') === 'sluice') {
      this.server = new Http1Server({ keepAliveTimeout, headersTimeout, requestTimeout, tls: options.tls }, (req, res) => this.#onRequest(req, res));
      return;
    }
    const shortest = Math.min(...[headersTimeout, requestTimeout].filter((ms) => ms > 0), 30_000);
    const serverOptions = {
      keepAliveTimeout,
      headersTimeout,
      requestTimeout,
      // node looks for expired requests on this period (30 s by default), so a timeout
      // would otherwise run up to 30 s late; the check walks the open connections only.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(shortest / 4))),
    };
    const onRequest = (req: ServerRequest, res: ServerResponse): void => this.#onRequest(req, res);
    this.server = options.tls === undefined ? createServer(serverOptions, onRequest) : createHttpsServer({ ...options.tls, ...serverOptions }, onRequest);
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
      const deadline = setTimeout(() => this.server.closeAllConnections(), graceMs);
      this.server.close(() => {
        clearTimeout(deadline);
        this.#staticFiles?.close();
        resolve();
      });
      this.server.closeIdleConnections();
    });
    return this.#closing;
  }

  /** While closing, a socket whose response node has finished turns idle on the next turn: drop it then. */
  #responseClosed(): void {
    if (this.#closing !== undefined) setImmediate(() => this.server.closeIdleConnections());
  }

  #onRequest(req: ServerRequest, res: ServerResponse): void {
    if (this.#closing !== undefined) res.shouldKeepAlive = false;
    const file = this.#staticFiles?.match(req);
    if (file === undefined) this.#adapter.handle(req, res);
    else void this.#serveFile(req, res, file);
  }

  async #serveFile(req: ServerRequest, res: ServerResponse, file: string): Promise<void> {
    this.#filesInFlight.add(res);
    res.once('close', () => {
      this.#filesInFlight.delete(res);
      this.#responseClosed();
    });
    try {
      if (await this.#staticFiles!.serve(req, res, file)) return;
    } catch (error) {
      this.#logger.critical('Serving the static file "{file}" failed, the application answers instead: {reason}', { file, reason: String(error), exception: error });
    }
    this.#adapter.handle(req, res);
  }
}
