import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { Kernel } from '../kernel/kernel.ts';
import { getProjectRoot } from '../log/throwable-location.ts';
import { runServer } from './run-server.ts';
import { parseTransport } from '../server/serve-kernel.ts';
import { ServeSupervisor } from './serve-supervisor.ts';
import { isPortFree } from './free-port.ts';
import { SluiceError } from '../exception/sluice-error.ts';

interface ServeOptions {
  host: string;
  port: string;
  /** The directories given, or false for --no-watch. */
  watch: string[] | false;
  child?: boolean;
  strictPort?: boolean;
  env?: string;
  transport?: string;
}

/**
 * `serve`: the local development server. A supervisor runs the server in a child process
 * and restarts it when a file under `src/` or `app/` changes; the server takes the next
 * free port when the one asked for is taken (unless `--strict-port`: then it fails), prints
 * a line per request and stops cleanly on Ctrl-C. `--no-watch` runs the server in this process, without restarts.
 */
export function registerServeCommand(program: Command, kernelFor: (env: string | undefined) => Kernel): void {
  program
    .command('serve')
    .description('Runs the local development server: free port, request log, restart on source changes')
    .option('--host <host>', 'the address to listen on', process.env.HOST ?? '127.0.0.1')
    .option('--port <port>', 'the preferred port (the next free one is taken when it is busy)', process.env.PORT ?? '8000')
    .option('--watch <dir>', 'a directory whose changes restart the server (repeatable; default: src/ and app/)', (value: string, previous: string[]) => [...previous, value], [])
    .option('--no-watch', 'run the server in this process, without restarting on changes')
    .option('--env <env>', 'the environment')
    .option('--transport <name>', 'what speaks HTTP: sluice (the framework\'s HTTP/1.1 server) or node (node:http)', process.env.SLUICE_TRANSPORT)
    .option('--strict-port', 'fail when the port is taken instead of taking the next free one', false)
    .addOption(hiddenChildOption(program))
    .action(async (options: ServeOptions) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SluiceError('SLUICE_INVALID_PORT', { port: options.port });
      const transport = parseTransport(options.transport);
      const kernel = kernelFor(options.env);
      const strict = options.strictPort === true;
      if (options.child === true || options.watch === false) {
        await runServer(kernel, { host: options.host, port, findFreePort: !strict, logRequests: true, transport });
        return;
      }
      if (strict && port !== 0 && !(await isPortFree(options.host, port))) {
        throw new SluiceError('SLUICE_PORT_IN_USE', { port, host: options.host });
      }
      kernel.boot();
      const dirs = options.watch.length > 0 ? options.watch.map((dir) => resolve(dir)) : defaultWatchDirs(kernel);
      for (const dir of dirs) if (!existsSync(dir)) throw new SluiceError('SLUICE_WATCH_DIRECTORY_MISSING', { dir });
      const env = options.env === undefined ? [] : [`--env=${options.env}`];
      if (transport !== undefined) env.push(`--transport=${transport}`);
      if (strict) env.push('--strict-port');
      await new ServeSupervisor({
        command: [process.execPath, ...process.execArgv, process.argv[1]!, 'serve', '--child', `--host=${options.host}`, ...env],
        port,
        host: options.host,
        watch: dirs,
      }).run();
    });
}

/** `src/` and `app/` of the project, and the application's directory when it lies elsewhere. */
export function defaultWatchDirs(kernel: Kernel): string[] {
  const root = getProjectRoot();
  const dirs = ['src', 'app'].map((dir) => join(root, dir)).filter((dir) => existsSync(dir));
  if (!dirs.some((dir) => kernel.projectDir === dir || kernel.projectDir.startsWith(`${dir}/`))) dirs.push(kernel.projectDir);
  return dirs;
}

function hiddenChildOption(program: Command): import('commander').Option {
  return program.createOption('--child', 'internal: run as the supervised server').hideHelp();
}
