/**
 * `npm run bench:instructions`: the instructions each server executes per request, counted
 * by valgrind's callgrind, with the ratio of Fastify's count to ours.
 *
 * On this project's VM, req/s and CPU time per request move by ±15 % between runs, and
 * a whole run can land in a slow phase. An instruction count does not depend on what else
 * the machine does: it shows whether a change made the code do less. It counts user-space
 * work only (not the kernel's socket work, the same for every server) and no cache misses
 * or stalls, so its ratios are not the req/s ratios of `npm run bench`, which stay the
 * targets.
 *
 * Method: each server in its own process, compiled (dist/), under `valgrind
 * --tool=callgrind --instr-atstart=no`, node run with `--single-threaded` (otherwise V8's
 * compiler threads hardly get to run under valgrind and the code stays unoptimized). It is
 * warmed up with 30,000 requests uninstrumented (`--warmup`), in ten runs of the load
 * generator (`--warmup-runs`). After 4,000 requests TurboFan, which runs on the main thread
 * there, was still optimizing our functions during the counted stretch. And the code that
 * opens and closes connections runs once per connection, 50 times per run: warmed up in
 * one run, it got compiled during a counted stretch. Then 1,000 instrumented requests are
 * thrown away. Work driven by time rather than by requests is turned off where a server
 * can (BENCH_NO_TIMED_WORK: our public/ walk every 2 s), as valgrind's slowness would count
 * it per request about fifty times over. Then two stretches are counted, of a third of
 * `--requests` (6,000) and of all of them: the difference of their instructions ÷ the
 * difference of their requests, which leaves out what a run of the load generator costs
 * whatever its length (opening its connections). The load: autocannon, 50 connections.
 *
 * A compilation that falls in the short stretch makes the difference too small: with the
 * warm-up in one run, counts moved between runs, always downwards, the servers over
 * node:http (Fastify among them) most (bench/RESULTS.md). `--repeat=3` measures each server
 * that many times, in fresh processes, and reports the median.
 *
 * Options: --servers=sluice,fastify,node:http --routes=hello,user,404 --requests=6000 --repeat=1 --warmup=30000 --warmup-runs=10
 * (servers and routes as bench/harness.ts names them: also express, hono, sluice-dev, sluice-node,
 * sluice-adapter, llhttp-floor, fastify-page, and the route event, whose peer is fastify-page)
 * --no-build (measure dist/ as it is)
 * --keep-dumps: keeps each run's callgrind dumps (the last one covers the counted stretch
 * alone) and runs node with --perf-basic-prof, whose /tmp/perf-<pid>.map names the JIT
 * code callgrind can only show as addresses; `callgrind_annotate` then shows where the
 * instructions go, the builtins by name (megamorphic loads, hash-map lookups) and, through
 * the map, the JavaScript functions.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { announcedPort, benchArgs, buildDist, compiled, median, peerOf, scenarios, serverSpecs, type Scenario, type ServerSpec } from './harness.ts';
import { send } from './load.ts';

const args = benchArgs();
const counted = Number(args.get('requests') ?? 6000);
const repeat = Number(args.get('repeat') ?? 1);
const keepDumps = args.get('keep-dumps') === 'true';
const warmup = Number(args.get('warmup') ?? 30000);
/** How many runs of the load generator the warm-up is split into (see the method above). */
const warmupRuns = Number(args.get('warmup-runs') ?? 10);

for (const tool of ['valgrind', 'callgrind_control']) {
  if (spawnSync(tool, ['--version']).error !== undefined) {
    process.stderr.write(`bench:instructions needs ${tool} (Debian package valgrind).\n`);
    process.exit(1);
  }
}
/** The entries of `table` named in `list` (comma-separated), by `nameOf`; a name it lacks is an error. */
function pick<T>(list: string, table: readonly T[], nameOf: (entry: T) => string, what: string): T[] {
  return list.split(',').map((name) => {
    const entry = table.find((each) => nameOf(each) === name);
    if (entry === undefined) throw new Error(`Unknown ${what} ${name}; known: ${table.map(nameOf).join(', ')}.`);
    return entry;
  });
}
const wanted = pick(args.get('servers') ?? 'node:http,sluice,fastify', serverSpecs, (spec) => spec.name, 'server');
const wantedRoutes = pick(args.get('routes') ?? 'hello,user,404', scenarios, (scenario) => scenario.key, 'route');

// --no-build measures dist/ as it is (an experiment edited into the compiled code, say)
if (args.get('no-build') !== 'true') buildDist();

/** Starts a server under callgrind, instrumentation off; resolves with its port once it announced it. */
async function start(spec: ServerSpec, dumps: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${join(dumps, 'callgrind.out')}`, process.execPath, '--single-threaded', ...(keepDumps ? ['--perf-basic-prof'] : []), compiled(spec.file)], {
    env: { ...process.env, NODE_ENV: 'production', BENCH_NO_TIMED_WORK: '1', ...spec.env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return { child, port: await announcedPort(child, spec.name) };
}

function control(pid: number, ...command: string[]): void {
  const done = spawnSync('callgrind_control', [...command, String(pid)], { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`callgrind_control ${command.join(' ')} failed: ${done.stderr}`);
}

/** Instructions in the dump callgrind wrote last into `dumps` (its `summary:` line). */
function newestDumpTotal(dumps: string, seen: Set<string>): number {
  const fresh = readdirSync(dumps).filter((file) => !seen.has(file));
  if (fresh.length !== 1) throw new Error(`expected one new callgrind dump, found ${fresh.length}`);
  seen.add(fresh[0]!);
  const text = readFileSync(join(dumps, fresh[0]!), 'utf8');
  const match = /^(?:summary|totals): (\d+)/m.exec(text);
  if (match === null) throw new Error(`no instruction total in ${fresh[0]}`);
  return Number(match[1]);
}

async function measure(spec: ServerSpec, route: Scenario): Promise<number> {
  const dumps = mkdtempSync(join(tmpdir(), 'sluice-callgrind-'));
  const { child, port } = await start(spec, dumps);
  try {
    const { path, headers } = route;
    const url = `http://127.0.0.1:${port}${path}`;
    // In several runs of the load generator: each run opens its connections anew, and the
    // code that opens and closes them, run once per connection, is compiled by V8 only
    // after some runs. Warmed up in one run, that compilation fell in a counted stretch.
    for (let run = 0; run < warmupRuns; run++) await send(url, Math.ceil(warmup / warmupRuns), headers, undefined, route);
    control(child.pid!, '-i', 'on');
    await send(url, 1000, headers, undefined, route);
    // files callgrind made before the first dump are not dumps
    const seen = new Set(readdirSync(dumps));
    control(child.pid!, '-d');
    newestDumpTotal(dumps, seen);
    // Two stretches of different lengths: their difference leaves out what each run of
    // the load generator costs whatever its length (opening its 50 connections).
    const short = Math.round(counted / 3);
    await send(url, short, headers, undefined, route);
    control(child.pid!, '-d');
    const shortTotal = newestDumpTotal(dumps, seen);
    await send(url, counted, headers, undefined, route);
    control(child.pid!, '-d');
    return (newestDumpTotal(dumps, seen) - shortTotal) / (counted - short);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    if (keepDumps) process.stdout.write(`${spec.name} ${route.key}: callgrind dumps in ${dumps}, JIT names in /tmp/perf-${child.pid}.map\n`);
    else rmSync(dumps, { recursive: true, force: true });
  }
}

/** A server limited to some scenarios (fastify-page serves only the event page) is measured on those alone. */
const serves = (spec: ServerSpec, route: Scenario): boolean => spec.scenarios === undefined || spec.scenarios.includes(route.name);

const perRequest = new Map<string, number>();
for (const route of wantedRoutes) {
  for (const spec of wanted) {
    if (!serves(spec, route)) continue;
    const runs: number[] = [];
    for (let run = 0; run < repeat; run++) runs.push(await measure(spec, route));
    const instructions = median(runs);
    perRequest.set(`${spec.name}|${route.key}`, instructions);
    const each = repeat > 1 ? ` (median of ${runs.map((count) => Math.round(count).toLocaleString('en')).join(', ')})` : '';
    process.stdout.write(`${spec.name.padEnd(15)} ${route.key.padEnd(6)} ${Math.round(instructions).toLocaleString('en').padStart(9)} instructions per request${each}\n`);
  }
}

const rows = wantedRoutes.flatMap((route) => wanted.filter((spec) => serves(spec, route)).map((spec) => {
  const ours = perRequest.get(`${spec.name}|${route.key}`)!;
  const fastify = perRequest.get(`${peerOf(route)}|${route.key}`);
  const ratio = fastify === undefined ? '–' : (fastify / ours).toFixed(2);
  return `| ${route.path} | ${spec.name} | ${Math.round(ours).toLocaleString('en')} | ${ratio} |`;
}));
process.stdout.write(`\n| route | server | instructions per request | peer's ÷ this one's (Fastify; fastify-page on the event page) |\n|---|---|---:|---:|\n${rows.join('\n')}\n`);
