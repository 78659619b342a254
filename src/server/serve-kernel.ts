import type { AddressInfo } from 'node:net';
import type { Kernel } from '../kernel/kernel.ts';
import { assetsInstalled, installAssets } from '../console/install-assets.ts';
import { NodeServer } from './node-server.ts';
import { StaticFiles } from './static-files.ts';

export interface ServeOptions {
  host?: string;
  port?: number;
  /** Install the bundles' public assets first when they are missing (default true). */
  installAssets?: boolean;
}

export interface RunningServer {
  readonly server: NodeServer;
  readonly address: AddressInfo;
  readonly url: string;
  /** Graceful stop: in-flight requests finish, then the kernel shuts down (logs flushed). */
  stop(graceMs?: number): Promise<void>;
}

/** Serves a kernel over HTTP: files under `public/` first, everything else through the kernel. */
export async function serveKernel(kernel: Kernel, options: ServeOptions = {}): Promise<RunningServer> {
  kernel.boot();
  if ((options.installAssets ?? true) && !assetsInstalled(kernel.bundles, kernel.publicDir)) {
    installAssets(kernel.bundles, kernel.publicDir, false);
  }
  const server = new NodeServer({
    app: kernel,
    staticFiles: new StaticFiles(kernel.publicDir),
    logger: kernel.logger('request'),
    // ResponseListener prepares the main response on kernel.response.
    prepare: false,
  });
  const address = await server.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 8000 });
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    address,
    url: `http://${host}:${address.port}`,
    async stop(graceMs?: number): Promise<void> {
      await server.close(graceMs);
      await kernel.shutdown();
    },
  };
}
