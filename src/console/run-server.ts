import type { ServerRequest, ServerResponse } from '../server/node-adapter.ts';
import { performance } from 'node:perf_hooks';
import type { Kernel } from '../kernel/kernel.ts';
import { serveKernel, type RunningServer, type Transport } from '../server/serve-kernel.ts';
import { findFreePort } from './free-port.ts';
import { SluiceError } from '../exception/sluice-error.ts';

export interface RunServerOptions {
  readonly host: string;
  readonly port: number;
  /** Take the next free port when `port` is taken (else fail). */
  readonly findFreePort: boolean;
  /** Print a line per request: time, method, path, status, duration. */
  readonly logRequests: boolean;
  readonly out?: NodeJS.WritableStream;
  /** What speaks HTTP: the framework's own HTTP/1.1 server (default) or node:http. */
  readonly transport?: Transport;
}

/**
 * Runs the kernel's server until SIGINT or SIGTERM (or the supervising process goes away),
 * then stops it gracefully: in-flight requests finish, logs are flushed.
 */
export async function runServer(kernel: Kernel, options: RunServerOptions): Promise<void> {
  const out = options.out ?? process.stdout;
  const port = options.findFreePort ? await findFreePort(options.host, options.port) : options.port;
  if (port !== options.port) out.write(` [WARNING] Port ${options.port} is taken; using ${port === 0 ? 'a free one' : port} instead.\n`);
  let running: RunningServer;
  try {
    running = await serveKernel(kernel, { host: options.host, port, transport: options.transport });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE') throw new SluiceError('SLUICE_PORT_IN_USE', { port, host: options.host });
    throw error;
  }
  if (options.logRequests) logRequests(running, out);
  out.write(` [OK] Server listening on ${running.url} (${kernel.environment}${kernel.debug ? ', debug' : ''}). Quit with Ctrl-C.\n`);
  process.send?.({ type: 'listening', url: running.url, port: running.address.port });

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, stop);
      process.off('disconnect', stop);
      out.write(' Stopping the server: letting in-flight requests finish...\n');
      void running.stop().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    // A supervisor that went away (killed) takes its server child with it.
    if (process.send !== undefined) process.on('disconnect', stop);
  });
}

/**
 * Prints `[12:00:01] GET /events/42 200 3.1 ms` for each request once its response is
 * finished (static files included). Listens before the kernel's own listener, so the
 * duration covers the handling also when the response is made synchronously within it.
 */
export function logRequests(running: RunningServer, out: NodeJS.WritableStream): void {
  running.server.server.prependListener('request', (req: ServerRequest, res: ServerResponse) => logRequest(req, res, out));
}

function logRequest(req: ServerRequest, res: ServerResponse, out: NodeJS.WritableStream): void {
  const start = performance.now();
  const log = (): void => {
    const time = new Date().toTimeString().slice(0, 8);
    const status = res.headersSent ? res.statusCode : 'aborted';
    out.write(`[${time}] ${req.method} ${req.url} ${status} ${(performance.now() - start).toFixed(1)} ms\n`);
  };
  res.once('close', log);
}
