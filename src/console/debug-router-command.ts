import type { Command } from 'commander';
import type { Kernel } from '../kernel/kernel.ts';
import { processIO, type CommandIO } from './command-io.ts';
import type { Route } from '../routing/route.ts';
import type { Router } from '../routing/router.ts';
import { toJsonSafe } from '../log/normalize.ts';
import { describeController } from './route-controller.ts';
import { renderTable } from './table.ts';
import { SluiceError } from '../exception/sluice-error.ts';

interface RouteView {
  name: string;
  path: string;
  host: string;
  schemes: string[];
  methods: string[];
  controller: string;
  defaults: unknown;
  requirements: Record<string, string>;
}

/** `debug:router [name] [--format=txt|json]`: the application's routes in matching order, or one route in detail. */
export function registerDebugRouterCommand(program: Command, kernelFor: (env: string | undefined) => Kernel, io: CommandIO = processIO): void {
  program
    .command('debug:router')
    .description("Displays the application's routes in matching order (name, methods, scheme, host, path, controller)")
    .argument('[name]', 'a route name: show that route in detail')
    .option('--format <format>', 'txt or json', 'txt')
    .option('--env <env>', 'the environment')
    .action((name: string | undefined, options: { format: string; env?: string }) => {
      if (options.format !== 'txt' && options.format !== 'json') throw new SluiceError('SLUICE_CONSOLE_UNKNOWN_FORMAT', { format: options.format });
      const router = routerOf(kernelFor(options.env));
      const routes = [...router.getRouteCollection()].map(([routeName, route]) => viewOf(routeName, route));
      if (name === undefined) {
        io.write(options.format === 'json' ? `${JSON.stringify(routes, null, 2)}\n` : listing(routes));
        return;
      }
      const route = routes.find((each) => each.name === name);
      if (route === undefined) throw new SluiceError('SLUICE_UNKNOWN_ROUTE', { name });
      io.write(options.format === 'json' ? `${JSON.stringify(route, null, 2)}\n` : detail(route, router.getRouteCollection().get(name)!));
    });
}

export function routerOf(kernel: Kernel): Router {
  kernel.boot();
  const router = kernel.container.find('router');
  if (router === undefined) throw new SluiceError('SLUICE_NO_ROUTER', {});
  return router;
}

function viewOf(name: string, route: Route): RouteView {
  return {
    name,
    path: route.path,
    host: route.host,
    schemes: [...route.schemes],
    methods: [...route.methods],
    controller: describeController(route.defaults._controller),
    defaults: toJsonSafe(Object.fromEntries(Object.entries(route.defaults).filter(([key]) => key !== '_controller'))),
    requirements: { ...route.requirements },
  };
}

function listing(routes: readonly RouteView[]): string {
  if (routes.length === 0) return ' [WARNING] No routes are configured.\n';
  const any = (list: readonly string[]): string => (list.length === 0 ? 'ANY' : list.join('|'));
  return renderTable(
    ['Name', 'Method', 'Scheme', 'Host', 'Path', 'Controller'],
    routes.map((r) => [r.name, any(r.methods), any(r.schemes), r.host === '' ? 'ANY' : r.host, r.path, r.controller]),
  );
}

function detail(view: RouteView, route: Route): string {
  const compiled = route.compile();
  const rows: [string, string][] = [
    ['Route Name', view.name],
    ['Path', view.path],
    ['Path Regex', String(compiled.regex)],
    ['Host', view.host === '' ? 'ANY' : view.host],
    ['Host Regex', compiled.hostRegex === undefined ? '' : String(compiled.hostRegex)],
    ['Scheme', view.schemes.length === 0 ? 'ANY' : view.schemes.join('|')],
    ['Method', view.methods.length === 0 ? 'ANY' : view.methods.join('|')],
    ['Requirements', Object.keys(view.requirements).length === 0 ? 'NO CUSTOM' : Object.entries(view.requirements).map(([k, v]) => `${k}: ${v}`).join('\n')],
    ['Controller', view.controller],
    ['Defaults', Object.entries(view.defaults as Record<string, unknown>).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join('\n')],
    ['Condition', route.condition === undefined ? '' : 'yes (a function)'],
  ];
  const expanded = rows.flatMap(([key, value]) => value.split('\n').map((line, i) => [i === 0 ? key : '', line]));
  return renderTable(['Property', 'Value'], expanded);
}
