import type { Command } from 'commander';
import type { Kernel } from '../kernel/kernel.ts';
import { processIO, type CommandIO } from './command-io.ts';
import { RequestContext } from '../routing/request-context.ts';
import { routerOf } from './debug-router-command.ts';
import { renderTable } from './table.ts';
import { SluiceError } from '../exception/sluice-error.ts';

interface MatchOptions {
  method: string;
  host: string;
  scheme: string;
  format: string;
  env?: string;
}

const verdicts = { match: 'matches', partial: 'almost', none: 'no' } as const;

/**
 * `router:match <path> [--method] [--host] [--scheme]`: which route matches the path, and
 * why each other route does not, from the same `router.explain` data as the debug 404
 * page. Exits with 1 when no route matches.
 */
export function registerRouterMatchCommand(program: Command, kernelFor: (env: string | undefined) => Kernel, io: CommandIO = processIO): void {
  program
    .command('router:match')
    .description('Tells which route matches a path, and why each other route does not')
    .argument('<path>', 'the path, e.g. /events/42')
    .option('--method <method>', 'the HTTP method', 'GET')
    .option('--host <host>', 'the host', 'localhost')
    .option('--scheme <scheme>', 'http or https', 'http')
    .option('--format <format>', 'txt or json', 'txt')
    .option('--env <env>', 'the environment')
    .action((path: string, options: MatchOptions) => {
      if (options.format !== 'txt' && options.format !== 'json') throw new SluiceError('SLUICE_CONSOLE_UNKNOWN_FORMAT', { format: options.format });
      if (!path.startsWith('/')) throw new SluiceError('SLUICE_CONSOLE_PATH_WITHOUT_SLASH', { path });
      const router = routerOf(kernelFor(options.env));
      const context = new RequestContext({ method: options.method, host: options.host, scheme: options.scheme });
      const traces = router.explain(path, context);
      const matched = traces.find((trace) => trace.level === 'match');
      if (options.format === 'json') {
        io.write(`${JSON.stringify({ path, method: context.method, matched: matched?.name ?? null, routes: traces }, null, 2)}\n`);
      } else {
        const rows = traces.map((trace, i) => [String(i + 1), trace.name, trace.path, verdicts[trace.level], trace.reason]);
        const summary = matched === undefined
          ? ` [ERROR] None of the routes match the path "${path}" (${context.method} ${context.scheme}://${context.host})\n`
          : ` [OK] Route "${matched.name}" matches: ${matched.reason}\n`;
        io.write(`${traces.length === 0 ? '' : renderTable(['#', 'Route', 'Path', 'Matches', 'Why'], rows)}\n${summary}`);
      }
      if (matched === undefined) io.fail(1);
    });
}
