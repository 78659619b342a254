/**
 * `npm run bench`: our app (prod, full listener chain) against node:http, Fastify,
 * Express and Hono on the same route table. Each server runs alone, in a fresh process
 * with NODE_ENV=production, pinned to CPU 0; the load generator (autocannon, 50
 * connections) runs pinned to CPU 1. Rounds are interleaved route by route (A B C on a
 * route, then the next route, ... then the next round), each server in a fresh process
 * per route with its own warm-up; each figure is the median over rounds; ratios are taken
 * within a round, then the median. Results go to stdout and bench/RESULTS.md.
 *
 * Options: --seconds=10 --rounds=3 --warmup=3 --servers=sluice,fastify --no-write
 * (`sluice-adapter`, our adapter with no kernel, runs only when named in --servers.)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { announcedPort, benchArgs, buildDist, compiled, median, peerOf, scenarios, serverSpecs, type ServerSpec } from './harness.ts';
import { load, type LoadResult } from './load.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = benchArgs();
const seconds = Number(args.get('seconds') ?? 10);
const rounds = Number(args.get('rounds') ?? 3);
const warmup = Number(args.get('warmup') ?? 3);
const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

// The load generator pins itself to CPU 1 by re-running under taskset.
if (hasTaskset && process.env.SLUICE_BENCH_PINNED !== '1' && cpus().length > 1) {
  const child = spawnSync('taskset', ['-c', '1', process.execPath, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, SLUICE_BENCH_PINNED: '1' },
  });
  process.exit(child.status ?? 1);
}

const wanted = args.get('servers')?.split(',');
const servers = wanted === undefined ? serverSpecs.filter((s) => s.optional !== true) : serverSpecs.filter((s) => wanted.includes(s.name));

interface Sample extends LoadResult { round: number; cpuPerRequest: number }
const samples = new Map<string, Sample[]>(); // key: server|scenario
const peakRss = new Map<string, number>();
/** The highest VmHWM of a server's processes on the routes every server serves (our event page's are apart). */
const peakRssShared = new Map<string, number>();

buildDist();
spawnSync('sync');

async function start(spec: ServerSpec): Promise<{ child: ChildProcess; port: number }> {
  const command = hasTaskset ? 'taskset' : process.execPath;
  const argv = [...(hasTaskset ? ['-c', '0', process.execPath] : []), compiled(spec.file)];
  const child = spawn(command, argv, { env: { ...process.env, NODE_ENV: 'production', ...spec.env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return { child, port: await announcedPort(child, spec.name) };
}

/**
 * CPU time the server process has used (user + system), in microseconds, from
 * /proc/<pid>/stat. Per request it is a steadier figure than req/s on a busy machine:
 * it does not depend on how fast the load generator can push.
 */
function cpuMicros(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The server process's peak resident set (VmHWM), in MiB; the node process is the child of taskset via exec, same pid. */
function vmHwm(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

// Interleaved route by route (round 1: hello on A B C, users on A B C, ...), each server
// in a fresh process for each route: on this shared VM the machine's speed drifts over
// minutes, and servers measured a minute apart on the same route were compared across
// such drifts (node:http once measured at 0.71 × Fastify, once at 1.06 ×).
for (let round = 1; round <= rounds; round++) {
  for (const scenario of scenarios) {
    for (const spec of servers) {
      if (scenario.only !== undefined && !scenario.only.includes(spec.name)) continue;
      if (spec.scenarios !== undefined && !spec.scenarios.includes(scenario.name)) continue;
      const { child, port } = await start(spec);
      const url = `http://127.0.0.1:${port}${scenario.path}`;
      if (warmup > 0) await load(url, warmup, scenario.headers, undefined, scenario);
      const cpuBefore = cpuMicros(child.pid!);
      const result = await load(url, seconds, scenario.headers, undefined, scenario);
      const cpuPerRequest = (cpuMicros(child.pid!) - cpuBefore) / Math.max(1, result.requestsPerSecond * seconds);
      const key = `${spec.name}|${scenario.name}`;
      samples.set(key, [...(samples.get(key) ?? []), { ...result, round, cpuPerRequest }]);
      if (scenario.only === undefined) peakRssShared.set(spec.name, Math.max(peakRssShared.get(spec.name) ?? 0, vmHwm(child.pid!)));
      process.stdout.write(`round ${round} ${spec.name.padEnd(10)} ${scenario.name.padEnd(40)} ${Math.round(result.requestsPerSecond).toString().padStart(7)} req/s  p99 ${result.p99} ms  ${cpuPerRequest.toFixed(1)} µs CPU/req${result.errors ? `  errors ${result.errors}` : ''}\n`);
      peakRss.set(spec.name, Math.max(peakRss.get(spec.name) ?? 0, vmHwm(child.pid!)));
      await stop(child);
      // What a server wrote (the dev server's log: tens of MB a run) is flushed now, not
      // while the next server is measured.
      spawnSync('sync');
    }
  }
}

function ratio(server: string, scenario: string, peer: string): string {
  const ours = samples.get(`${server}|${scenario}`);
  const theirs = samples.get(`${peer}|${scenario}`);
  if (!ours || !theirs) return '–';
  const perRound = ours.flatMap((sample) => {
    const other = theirs.find((t) => t.round === sample.round);
    return other ? [sample.requestsPerSecond / other.requestsPerSecond] : [];
  });
  return perRound.length === 0 ? '–' : median(perRound).toFixed(2);
}

const lines: string[] = [];
lines.push('| scenario | server | req/s (median) | p99 ms | × node:http | × Fastify | CPU µs/req | Fastify CPU ÷ ours | peak RSS MiB |', '|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const scenario of scenarios) {
  for (const spec of servers) {
    const list = samples.get(`${spec.name}|${scenario.name}`);
    if (!list) continue;
    const cpu = median(list.map((s) => s.cpuPerRequest));
    const fastifyCpu = samples.get(`${peerOf(scenario)}|${scenario.name}`);
    const cpuRatio = fastifyCpu === undefined ? '–' : (median(fastifyCpu.map((s) => s.cpuPerRequest)) / cpu).toFixed(2);
    lines.push(`| ${scenario.name} | ${spec.name} | ${Math.round(median(list.map((s) => s.requestsPerSecond)))} | ${median(list.map((s) => s.p99))} | ${ratio(spec.name, scenario.name, 'node:http')} | ${ratio(spec.name, scenario.name, peerOf(scenario))} | ${cpu.toFixed(1)} | ${cpuRatio} | ${((scenario.only === undefined ? peakRssShared : peakRss).get(spec.name) ?? 0).toFixed(0)} |`);
  }
}
const devCost = ratio('sluice-dev', '404 missing .JPG + Referer', 'sluice');
const table = lines.join('\n');
process.stdout.write(`\n${table}\n\nDebug-mode cost (same 404, dev with every listener logged vs prod): ${devCost} × prod\n`);

if (args.get('write') !== 'false' && args.get('no-write') === undefined) {
  const version = (pkg: string): string => (JSON.parse(readFileSync(join(here, '..', 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const results = `# Benchmark results

Measured by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}, commit ${commit()}.

Method: each server alone in a fresh process with NODE_ENV=production${hasTaskset ? ', pinned to CPU 0 with taskset; the load generator pinned to CPU 1' : ' (taskset unavailable: not pinned)'}; autocannon, 50 connections; ${rounds} rounds, each interleaved route by route (every server on one route, one after the other, then the next route), each server in a fresh process per route, warmed up for ${warmup} s, then measured for ${seconds} s. Figures are medians over rounds; ratios are computed within each round, then the median. "CPU µs/req" is the server process's user+system CPU time over the measured run divided by the requests it answered (from /proc/<pid>/stat): unlike req/s it does not depend on how hard the single load-generator process can push, so "Fastify CPU ÷ ours" (above 1: we spend less CPU per request) is the steadier comparison on a shared machine. Peak RSS is the server's VmHWM, the highest of its processes: on the rows of the routes every server serves, over those routes' processes (so each server is compared after the same work); on the event page's row, over all of ours. Every server, ours and the peers, runs compiled ahead to JavaScript (\`npm run build\`, dist/), as \`npm run start:prod\` runs the app: none pays for the TypeScript loader's thread.
Every server has the same table of ${100} routes (half static, half with parameters). Ours is the events app in prod with the full listener chain, served by its default transport (the framework's own HTTP/1.1 server, src/server/http1/); its 404 renders the prod error page through the error sub-request.

Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; Node ${process.version}; fastify ${version('fastify')}, express ${version('express')}, hono ${version('hono')} (@hono/node-server ${version('@hono/node-server')}), autocannon ${version('autocannon')}.

${table}

Debug-mode cost: the source document's 404 in dev (every listener logged to var/log/dev.log and the debug logger) runs at ${devCost} × the same request in prod.
`;
  // The sections below the table (other measurements, each with its commit) are kept.
  writeFileSync(join(here, 'RESULTS.md'), results + laterSections(join(here, 'RESULTS.md')));
  process.stdout.write('wrote bench/RESULTS.md\n');
}

/** The current commit, or "unknown" outside a git checkout. */
function commit(): string {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : 'unknown';
}

/** What follows the generated part of a results file: its first "## " section onwards, or nothing. */
function laterSections(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return '';
  }
  const at = text.search(/^## /m);
  return at === -1 ? '' : `\n${text.slice(at)}`;
}
