import type { Command } from 'commander';
import type { Kernel } from '../kernel/kernel.ts';
import { runServer } from '../console/run-server.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/**
 * `server:run [address]`: the legacy development server, kept for applications that still
 * use it. It prints a deprecation notice, then serves in this process until Ctrl-C. An
 * address without a port starts at 8000 and takes the next free port; a port given
 * explicitly must be free.
 *
 * @deprecated since Sluice 4.4, use `serve` (restarts on changes, request log).
 */
export function registerServerRunCommand(program: Command, kernel: Kernel): void {
  program
    .command('server:run')
    .description('[deprecated, use "serve"] Runs a local web server')
    .argument('[address]', 'host:port, host or port', '127.0.0.1')
    .option('--env <env>', 'the environment')
    .action(async (address: string) => {
      process.stdout.write(' [WARNING] The "server:run" command is deprecated since Sluice 4.4 and will be removed in 5.0; use "serve" instead.\n');
      const { host, port } = parseAddress(address);
      await runServer(kernel, { host, port: port ?? 8000, findFreePort: port === undefined, logRequests: true });
    });
}

export function parseAddress(address: string): { host: string; port: number | undefined } {
  const match = /^(?:(.*?):)?(\d+)$/.exec(address);
  const host = match === null ? address : (match[1] || '127.0.0.1');
  const port = match === null ? undefined : Number(match[2]);
  if (port !== undefined && port > 65535) throw new SluiceError('SLUICE_INVALID_SERVER_ADDRESS', { port, address });
  if (host === '*') return { host: '0.0.0.0', port };
  return { host, port };
}
