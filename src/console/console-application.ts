import { Command, CommanderError } from 'commander';
import type { Kernel } from '../kernel/kernel.ts';
import { SLUICE_VERSION } from '../kernel/version.ts';
import { sendOperatorLogsTo } from '../log/operator-stream.ts';
import { registerRequestCommand } from './request-command.ts';
import { registerAssetsInstallCommand } from './assets-install-command.ts';
import { registerDebugRouterCommand } from './debug-router-command.ts';
import { registerDebugEventDispatcherCommand } from './debug-event-dispatcher-command.ts';
import { registerRouterMatchCommand } from './router-match-command.ts';
import { registerServeCommand } from './serve-command.ts';
import { processIO, type CommandIO } from './command-io.ts';

/**
 * The console of an application: the framework's commands plus those its bundles
 * register. Errors end the process with a non-zero code and a one-line reason.
 * Commands that take `--env` are given this run's kernel: the environment is read from
 * argv before parsing, since bundles (and so commands) depend on it.
 */
export async function runConsole(argv: readonly string[], kernelFor: (env: string | undefined) => Kernel, io: CommandIO = processIO): Promise<number> {
  const program = new Command('console')
    .description(`Sluice ${SLUICE_VERSION} console`)
    .version(SLUICE_VERSION)
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({ writeOut: (text) => io.write(text), writeErr: (text) => io.error(text) })
    .exitOverride();
  let failed: number | undefined;
  const commandIO: CommandIO = { write: (text) => io.write(text), error: (text) => io.error(text), fail: (code) => void (failed = code) };
  // One kernel per run, in the environment named by --env; every command uses it. A bad
  // environment is bad input: one line, no stack.
  let kernel: Kernel;
  sendOperatorLogsTo(process.stderr);
  try {
    kernel = kernelFor(envFrom(argv));
    kernel.boot();
  } catch (error) {
    io.error(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  registerRequestCommand(program, () => kernel, commandIO);
  registerAssetsInstallCommand(program, () => kernel, commandIO);
  registerDebugRouterCommand(program, () => kernel, commandIO);
  registerDebugEventDispatcherCommand(program, () => kernel, commandIO);
  registerRouterMatchCommand(program, () => kernel, commandIO);
  registerServeCommand(program, () => kernel);
  for (const register of kernel.commands) register(program, kernel);
  try {
    // The console alone asks for its help: printed on stdout, a success.
    if (argv.length === 0) {
      io.write(program.helpInformation());
      return 0;
    }
    await program.parseAsync(argv, { from: 'user' });
    // A command that reports a negative outcome without failing (router:match finding no route) sets it.
    if (failed !== undefined) return failed;
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    io.error(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await kernel.shutdown();
  }
}

function envFrom(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--env=')) return arg.slice(6);
    if (arg === '--env') return argv[i + 1];
  }
  return undefined;
}
