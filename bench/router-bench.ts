// Router lookup speed: Sluice's compiled matcher against find-my-way and rou3.
//
//   node --import ./scripts/register-typescript.mjs bench/router-bench.ts [--seconds=2] [--same-strings] [--wall-clock]
//
// 1,000 GET routes (half static, half with variables, API-style prefixes) are registered
// in each router. Each workload runs ~2 s of CPU time per router after a warm-up and
// reports lookups per CPU second: the best of five interleaved rounds, measured in CPU
// time rather than wall-clock time (--wall-clock), so that other processes on a shared
// machine disturb the ratios as little as possible.
//
// By default every lookup gets a new string object for its path, sliced out of a longer
// string as a server slices the path out of the request line or URL: a string's hash is
// cached once computed, so reusing the same string objects would flatter hash-map
// lookups (--same-strings does that, for comparison).
//
// Sluice is measured as the framework uses it: a redirectable CompiledUrlMatcher with a
// per-call RequestContext, returning `_route`, the defaults and the variables. Misses go
// through `lookup()` (undefined, like the others' null); "misses, match()" shows the cost
// of the thrown ResourceNotFoundException on top, which the 404 path pays.
import FindMyWay from 'find-my-way';
import { addRoute, createRouter, findRoute } from 'rou3';
import { compileRouter } from 'rou3/compiler';
import { CompiledUrlMatcher } from 'sluice/routing';
import { RequestContext } from 'sluice/routing';
import { RouteCollection } from 'sluice/routing';
import { Route } from 'sluice/routing';

const seconds = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.split('=')[1] ?? 2);
const freshStrings = !process.argv.includes('--same-strings');
const wallClock = process.argv.includes('--wall-clock');

const RESOURCES = [
  'users', 'posts', 'comments', 'orders', 'products', 'invoices', 'customers', 'carts', 'payments', 'shipments',
  'reviews', 'categories', 'tags', 'articles', 'events', 'tickets', 'venues', 'teams', 'projects', 'tasks',
  'files', 'folders', 'messages', 'threads', 'notifications',
];
const VERSIONS = ['v1', 'v2'];
const STATIC_SUFFIXES = ['', '/search', '/export', '/import', '/stats', '/recent', '/popular', '/archived', '/new', '/count'];
const DYNAMIC_SUFFIXES = [
  '/{id}', '/{id}/edit', '/{id}/posts', '/{id}/posts/{postId}', '/{id}/comments/{commentId}', '/{id}/settings/{key}',
  '/by-name/{name}', '/{id}/friends/{friendId}/mutual', '/{id}/history/{year}/{month}', '/{id}/attachments/{fileId}',
];

interface Definition {
  name: string;
  path: string;
  dynamic: boolean;
}

function definitions(): Definition[] {
  const result: Definition[] = [];
  for (const version of VERSIONS) {
    for (const resource of RESOURCES) {
      const prefix = `/api/${version}/${resource}`;
      STATIC_SUFFIXES.forEach((suffix, i) => result.push({ name: `${version}_${resource}_s${i}`, path: prefix + suffix, dynamic: false }));
      DYNAMIC_SUFFIXES.forEach((suffix, i) => result.push({ name: `${version}_${resource}_d${i}`, path: prefix + suffix, dynamic: true }));
    }
  }
  return result;
}

/** A concrete path for a pattern: {id} → 1234 etc. */
function concrete(path: string, seed: number): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'name' || name === 'key' ? `n${seed}x` : String(1000 + seed)));
}

function sample<T>(items: readonly T[], count: number): T[] {
  const result: T[] = [];
  for (let i = 0; i < count; i++) result.push(items[(i * 7919) % items.length] as T);
  return result;
}

const routes = definitions();
const staticPaths = sample(routes.filter((r) => !r.dynamic).map((r) => r.path), 200);
const dynamicPaths = sample(routes.filter((r) => r.dynamic), 200).map((r, i) => concrete(r.path, i));
const missPaths = sample(
  [
    ...RESOURCES.map((r) => `/api/v1/${r}/1234/unknown`),
    ...RESOURCES.map((r) => `/api/v3/${r}`),
    ...RESOURCES.map((r) => `/${r}/about`),
    ...RESOURCES.map((r) => `/api/v2/${r}/1234/posts/55/extra`),
  ],
  200,
);
const mixPaths = [...staticPaths.slice(0, 80), ...dynamicPaths.slice(0, 80), ...missPaths.slice(0, 40)];
const workloads: Record<string, string[]> = {
  'static hits': staticPaths,
  'dynamic hits': dynamicPaths,
  misses: missPaths,
  'mix 40/40/20': sample(mixPaths, 200),
};

type Lookup = (path: string) => unknown;

function sluice(): { lookup: Lookup; match: Lookup } {
  const collection = new RouteCollection();
  for (const { name, path } of routes) collection.add(name, new Route(path, { methods: 'GET', defaults: { _controller: name } }));
  const matcher = new CompiledUrlMatcher(collection, { redirectController: 'RedirectController::urlRedirectAction' });
  const context = new RequestContext({ method: 'GET' });
  return {
    lookup: (path) => matcher.lookup(path, context),
    match: (path) => {
      try {
        return matcher.match(path, context);
      } catch (error) {
        return error;
      }
    },
  };
}

function findMyWay(compiled: boolean): Lookup {
  const router = FindMyWay();
  const toFmw = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
  for (const { name, path } of routes) router.on('GET', toFmw(path), () => name);
  if (compiled) router.compile();
  return (path) => router.find('GET', path);
}

function rou3(compiled: boolean): Lookup {
  const router = createRouter<string>();
  for (const { name, path } of routes) addRoute(router, 'GET', path.replace(/\{(\w+)\}/g, ':$1'), name);
  if (compiled) {
    const find = compileRouter(router);
    return (path) => find('GET', path);
  }
  return (path) => findRoute(router, 'GET', path);
}

/** "GET " + path: `line.slice(4)` then gives a new string object (a slice) on every lookup. */
function requestLines(paths: readonly string[]): string[] {
  return paths.map((path) => `GET ${path}`);
}

/** CPU time of this process in seconds (user + system, every thread: GC helpers count too). */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function measure(lookup: Lookup, paths: readonly string[], duration: number): number {
  const lines = requestLines(paths);
  const clock = wallClock ? () => Number(process.hrtime.bigint()) / 1e9 : cpuSeconds;
  let found = 0;
  let operations = 0;
  const start = clock();
  let now = start;
  // Reading the clock costs about a microsecond, so it is read every few thousand lookups.
  const passes = Math.ceil(4000 / lines.length);
  while (now - start < duration) {
    for (let pass = 0; pass < passes; pass++) {
      for (let i = 0; i < lines.length; i++) {
        const result = lookup(freshStrings ? (lines[i] as string).slice(4) : (paths[i] as string));
        if (result !== null && result !== undefined) found++;
      }
    }
    operations += passes * lines.length;
    now = clock();
  }
  if (found < 0) console.log(found);
  return operations / (now - start);
}

function checkAgreement(ours: Lookup, reference: Lookup): void {
  for (const path of [...staticPaths, ...dynamicPaths, ...missPaths]) {
    const a = ours(path) !== undefined;
    const b = reference(path) !== null;
    if (a !== b) throw new Error(`Routers disagree on ${path}: sluice ${a}, find-my-way ${b}`);
  }
}

const ours = sluice();
const routers: Record<string, Lookup> = {
  'sluice': ours.lookup,
  'find-my-way': findMyWay(false),
  'find-my-way compiled': findMyWay(true),
  'rou3': rou3(false),
  'rou3 compiled': rou3(true),
};
checkAgreement(ours.lookup, routers['find-my-way'] as Lookup);

console.log(`${routes.length} routes (${staticPaths.length} static / ${dynamicPaths.length} dynamic / ${missPaths.length} miss paths sampled), ` +
  `${seconds} s per cell, ${freshStrings ? 'a new path string per lookup' : 'same strings'}, ${wallClock ? 'wall-clock' : 'CPU'} time, Node ${process.version}\n`);

for (const lookup of Object.values(routers)) for (const paths of Object.values(workloads)) measure(lookup, paths, 0.2);

// Other processes share the machine, so each cell is the best of several short rounds,
// with the routers interleaved round by round rather than measured one after the other.
const ROUNDS = 5;
const names = Object.keys(routers);
const header = ['workload', ...names.map((n) => `${n} (ops/s)`), ...names.filter((n) => n !== 'find-my-way').map((n) => `${n} / fmw`)];
const rows: string[][] = [];
for (const [workload, paths] of Object.entries(workloads)) {
  const rates = names.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    names.forEach((name, i) => {
      rates[i] = Math.max(rates[i] as number, measure(routers[name] as Lookup, paths, seconds / ROUNDS));
    });
  }
  const fmw = rates[1] as number;
  rows.push([
    workload,
    ...rates.map((rate) => Math.round(rate).toLocaleString('en-US')),
    ...rates.filter((_, i) => i !== 1).map((rate) => `${(rate / fmw).toFixed(2)}x`),
  ]);
}
let thrown = 0;
for (let round = 0; round < ROUNDS; round++) thrown = Math.max(thrown, measure(ours.match, missPaths, seconds / ROUNDS));
rows.push(['misses, match()', Math.round(thrown).toLocaleString('en-US'), ...header.slice(2).map(() => '')]);

const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
const line = (cells: readonly string[]): string => cells.map((cell, i) => cell.padStart(widths[i] as number)).join(' | ');
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const row of rows) console.log(line(row));
