import { Command, CommanderError } from 'commander';
import type { Kernel } from '../kernel/kernel.ts';
import { SLUICE_VERSION } from '../kernel/version.ts';
import { registerRequestCommand } from './request-command.ts';
import { registerAssetsInstallCommand } from './assets-install-command.ts';
import { registerDebugRouterCommand } from './debug-router-command.ts';
import { registerDebugEventDispatcherCommand } from './debug-event-dispatcher-command.ts';
import { registerRouterMatchCommand } from './router-match-command.ts';
import { registerServeCommand } from './serve-command.ts';

/**
 * The console of an application: the framework's commands plus those its bundles
 * register. Errors end the process with a non-zero code and a one-line reason.
 * Commands that take `--env` are given this run's kernel: the environment is read from
 * argv before parsing, since bundles (and so commands) depend on it.
 */
export async function runConsole(argv: readonly string[], kernelFor: (env: string | undefined) => Kernel): Promise<number> {
  const program = new Command('console')
    .description(`Sluice ${SLUICE_VERSION} console`)
    .version(SLUICE_VERSION)
    .showHelpAfterError('(add --help for usage)')
    .exitOverride();
  // One kernel per run, in the environment named by --env; every command uses it.
  const kernel = kernelFor(envFrom(argv));
  kernel.boot();
  registerRequestCommand(program, () => kernel);
  registerAssetsInstallCommand(program, () => kernel);
  registerDebugRouterCommand(program, () => kernel);
  registerDebugEventDispatcherCommand(program, () => kernel);
  registerRouterMatchCommand(program, () => kernel);
  registerServeCommand(program, () => kernel);
  for (const register of kernel.commands) register(program, kernel);
  try {
    await program.parseAsync(argv, { from: 'user' });
    // A command that reports a negative outcome without failing (router:match finding no route) sets it.
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
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
