import type { AddressInfo } from 'node:net';
import type { TlsOptions } from 'node:tls';
import type { Kernel } from '../kernel/kernel.ts';
import { assetsInstalled, installAssets } from '../console/install-assets.ts';
import { NodeServer, type Transport } from './node-server.ts';

export type { Transport };
import { StaticFiles } from './static-files.ts';
import type { HttpApplication } from './http-application.ts';
import type { Response } from '../http/response.ts';
import { isThenable } from '../event-dispatcher/listener.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    /** The files of `public/` served before the kernel; `refresh()` picks up a new file at once. */
    static_files: StaticFiles;
  }
}

export interface ServeOptions {
  host?: string;
  port?: number;
  /** Install the bundles' public assets first when they are missing (default true). */
  installAssets?: boolean;
  /** How often `public/` is walked again for new files, in ms (default 2000); 0 never (`static_files`' `refresh()` still works). */
  staticFilesRefreshMs?: number;
  /** What speaks HTTP (see NodeServerOptions): the framework's own HTTP/1.1 server (default) or node:http. */
  transport?: Transport;
  /** Serves HTTPS with these options (`key` and `cert` at least). */
  tls?: TlsOptions;
  /** Headers set on every response of the kernel, e.g. `X-Instance` to tell instances apart behind a load balancer. */
  headers?: Readonly<Record<string, string>>;
}

/** The transport a name asks for (a command-line option, `SLUICE_TRANSPORT`); undefined for none, an error for an unknown one. */
export function parseTransport(name: string | undefined): Transport | undefined {
  if (name === undefined || name === '') return undefined;
  if (name === 'sluice' || name === 'node') return name;
  throw new Error(`Unknown transport "${name}": expected "sluice" (the framework's HTTP/1.1 server) or "node" (node:http).`);
}

export interface RunningServer {
  readonly server: NodeServer;
  readonly address: AddressInfo;
  readonly url: string;
  /** Graceful stop: in-flight requests finish, then the kernel shuts down (logs flushed). */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The kernel as the adapter drives it: `respond` (no promise for a synchronous handling),
 * and the main requests still waiting for their response tracked, so that an error
 * escaping a request's handling can still answer it (DebugHandlersListener).
 */
function application(kernel: Kernel, headers: Readonly<Record<string, string>> = {}): HttpApplication {
  const inFlight = kernel.container.find('in_flight_requests');
  const handle: HttpApplication['handle'] = inFlight === undefined ? (request) => kernel.respond(request) : (request) => inFlight.track(request, kernel.respond(request));
  const added = Object.entries(headers);
  if (added.length === 0) return { handle, terminate: (request, response) => kernel.terminate(request, response) };
  const stamp = (response: Response): Response => {
    for (const [name, value] of added) response.headers.set(name, value);
    return response;
  };
  return {
    handle: (request) => {
      const response = handle(request);
      return isThenable(response) ? response.then(stamp) : stamp(response);
    },
    terminate: (request, response) => kernel.terminate(request, response),
  };
}

/** Serves a kernel over HTTP: files under `public/` first, everything else through the kernel. */
export async function serveKernel(kernel: Kernel, options: ServeOptions = {}): Promise<RunningServer> {
  kernel.boot();
  if ((options.installAssets ?? true) && !assetsInstalled(kernel.bundles, kernel.publicDir)) {
    installAssets(kernel.bundles, kernel.publicDir, false);
  }
  // Registered so the application can make a file it just wrote servable at once (an upload).
  // Files are compressed by the same rules as responses when the application compresses (CompressionBundle).
  const staticFiles = new StaticFiles(kernel.publicDir, {
    refreshMs: options.staticFilesRefreshMs,
    encode: kernel.container.find('http.compressor')?.fileEncoder,
    // where assets:install --symlink links lead; any other symlink out of public/ is not followed
    symlinkTargets: kernel.bundles.flatMap((bundle) => (bundle.publicDir === undefined ? [] : [bundle.publicDir])),
  });
  kernel.container.set('static_files', staticFiles);
  const server = new NodeServer({
    app: application(kernel, options.headers),
    staticFiles,
    logger: kernel.logger('request'),
    // The configured trusted proxies and hosts, built once at boot.
    trust: kernel.container.find('trust_policy'),
    // ResponseListener prepares the main response on kernel.response.
    prepare: false,
    transport: options.transport,
    tls: options.tls,
  });
  const address = await server.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 8000 });
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    address,
    url: `${options.tls === undefined ? 'http' : 'https'}://${host}:${address.port}`,
    async stop(graceMs?: number): Promise<void> {
      await server.close(graceMs);
      await kernel.shutdown();
    },
  };
}
