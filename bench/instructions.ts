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
 * warmed up with 4,000 requests uninstrumented, then 1,000 instrumented ones are thrown
 * away. Then two stretches are counted, of a third of `--requests` (6,000) and of all of
 * them: the difference of their instructions ÷ the difference of their requests, which
 * leaves out what a run of the load generator costs whatever its length (opening its
 * connections). The load: autocannon, 50 connections.
 *
 * Node:http's and Fastify's counts repeat within 1 %; ours move by up to ±7 % between
 * runs (it allocates more, so where major collections fall matters more): `--repeat=3`
 * measures each server that many times, in fresh processes, and reports the median.
 *
 * Options: --servers=sluice,fastify,node:http --routes=hello,user,404 --requests=6000 --repeat=1
 * --no-build (measure dist/ as it is)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { send } from './load.ts';
import { MISSING_PATH } from './routes.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = new Map(process.argv.slice(2).map((arg) => {
  const [key, value] = arg.replace(/^--/, '').split('=');
  return [key!, value ?? 'true'] as const;
}));
const counted = Number(args.get('requests') ?? 6000);
const repeat = Number(args.get('repeat') ?? 1);

const servers: Record<string, { file: string; env?: Record<string, string> }> = {
  'node:http': { file: 'servers/node-http.js' },
  sluice: { file: 'servers/sluice.js', env: { APP_ENV: 'prod' } },
  'sluice-adapter': { file: 'servers/sluice-adapter.js' },
  fastify: { file: 'servers/fastify.js' },
  hono: { file: 'servers/hono.js' },
  express: { file: 'servers/express.js' },
};
const routes: Record<string, { path: string; headers?: Record<string, string> }> = {
  hello: { path: '/hello' },
  user: { path: '/users/42' },
  404: { path: MISSING_PATH, headers: { referer: `http://127.0.0.1:8000${MISSING_PATH}` } },
};

for (const tool of ['valgrind', 'callgrind_control']) {
  if (spawnSync(tool, ['--version']).error !== undefined) {
    process.stderr.write(`bench:instructions needs ${tool} (Debian package valgrind).\n`);
    process.exit(1);
  }
}
const wanted = (args.get('servers') ?? 'node:http,sluice,fastify').split(',');
const unknown = wanted.filter((name) => servers[name] === undefined);
if (unknown.length > 0) throw new Error(`Unknown server ${unknown.join(', ')}; known: ${Object.keys(servers).join(', ')}.`);
const wantedRoutes = (args.get('routes') ?? 'hello,user,404').split(',');
const unknownRoutes = wantedRoutes.filter((name) => routes[name] === undefined);
if (unknownRoutes.length > 0) throw new Error(`Unknown route ${unknownRoutes.join(', ')}; known: ${Object.keys(routes).join(', ')}.`);

// --no-build measures dist/ as it is (an experiment edited into the compiled code, say)
if (args.get('no-build') !== 'true') {
  const built = spawnSync(process.execPath, [join(here, '..', 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/** Starts `name` under callgrind, instrumentation off; resolves with its port once it announced it. */
function start(name: string, dumps: string): Promise<{ child: ChildProcess; port: number }> {
  const spec = servers[name]!;
  const child = spawn('valgrind', ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${join(dumps, 'callgrind.out')}`, process.execPath, '--single-threaded', join(here, '..', 'dist', 'bench', spec.file)], {
    env: { ...process.env, NODE_ENV: 'production', ...spec.env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /READY (\d+)/.exec(buffer);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
  });
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

async function measure(name: string, route: string): Promise<number> {
  const dumps = mkdtempSync(join(tmpdir(), 'sluice-callgrind-'));
  const { child, port } = await start(name, dumps);
  try {
    const { path, headers } = routes[route]!;
    const url = `http://127.0.0.1:${port}${path}`;
    await send(url, 4000, headers);
    control(child.pid!, '-i', 'on');
    await send(url, 1000, headers);
    // files callgrind made before the first dump are not dumps
    const seen = new Set(readdirSync(dumps));
    control(child.pid!, '-d');
    newestDumpTotal(dumps, seen);
    // Two stretches of different lengths: their difference leaves out what each run of
    // the load generator costs whatever its length (opening its 50 connections).
    const short = Math.round(counted / 3);
    await send(url, short, headers);
    control(child.pid!, '-d');
    const shortTotal = newestDumpTotal(dumps, seen);
    await send(url, counted, headers);
    control(child.pid!, '-d');
    return (newestDumpTotal(dumps, seen) - shortTotal) / (counted - short);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    rmSync(dumps, { recursive: true, force: true });
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const perRequest = new Map<string, number>();
for (const route of wantedRoutes) {
  for (const name of wanted) {
    const runs: number[] = [];
    for (let run = 0; run < repeat; run++) runs.push(await measure(name, route));
    const instructions = median(runs);
    perRequest.set(`${name}|${route}`, instructions);
    const each = repeat > 1 ? ` (median of ${runs.map((count) => Math.round(count).toLocaleString('en')).join(', ')})` : '';
    process.stdout.write(`${name.padEnd(15)} ${route.padEnd(6)} ${Math.round(instructions).toLocaleString('en').padStart(9)} instructions per request${each}\n`);
  }
}

const rows = wantedRoutes.flatMap((route) => wanted.map((name) => {
  const ours = perRequest.get(`${name}|${route}`)!;
  const fastify = perRequest.get(`fastify|${route}`);
  const ratio = fastify === undefined ? '–' : (fastify / ours).toFixed(2);
  return `| ${routes[route]!.path} | ${name} | ${Math.round(ours).toLocaleString('en')} | ${ratio} |`;
}));
process.stdout.write(`\n| route | server | instructions per request | Fastify's ÷ this one's |\n|---|---|---:|---:|\n${rows.join('\n')}\n`);
