/**
 * Start and peak resident size of the bench servers, without `npm run bench`: each server in
 * a fresh process per route (NODE_ENV=production, ours with APP_ENV=prod), VmRSS read a
 * moment after READY, then autocannon on one route, then VmHWM. Servers alternate within a
 * round. Usage (after `npm run build`):
 *   node dist/bench/rss.js [--servers=sluice,fastify] [--routes=hello,user,404] [--rounds=3] [--seconds=10]
 * A server named `name@dir` runs from another checkout's dist (a baseline worktree, built).
 * `--pin` runs each server on CPU 0 (taskset), as `npm run bench` does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { load } from './load.ts';
import { announcedPort, benchArgs, median, scenarios, serverSpecs } from './harness.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = benchArgs();
const servers = (args.get('servers') ?? 'sluice,fastify').split(',');
const routes = (args.get('routes') ?? 'hello,user,404').split(',').map((key) => {
  const scenario = scenarios.find((candidate) => candidate.key === key);
  if (scenario === undefined) throw new Error(`--routes: no route "${key}" (${scenarios.map((candidate) => candidate.key).join(', ')})`);
  return scenario;
});
const rounds = Number(args.get('rounds') ?? 3);
const seconds = Number(args.get('seconds') ?? 10);
const pin = args.has('pin');

/** A field of /proc/<pid>/status, in MiB. */
function status(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field + ':'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN) / 1024;
}

/** Starts `name` (a server of bench/harness.ts, `@dir` for another checkout's dist) as the bench starts it. */
async function start(name: string): Promise<{ child: ChildProcess; port: number }> {
  const [server, root = join(here, '..')] = name.split('@') as [string, string?];
  const spec = serverSpecs.find((candidate) => candidate.name === server);
  if (spec === undefined) throw new Error(`--servers: no server "${server}" (${serverSpecs.map((candidate) => candidate.name).join(', ')})`);
  const command = [process.execPath, join(root, 'dist', 'bench', spec.file.replace(/\.ts$/, '.js'))];
  // taskset execs node in its own process: the pid read below is the server's
  const [file, ...rest] = pin ? ['taskset', '-c', '0', ...command] : command;
  const child = spawn(file!, rest, { env: { ...process.env, NODE_ENV: 'production', ...spec.env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return { child, port: await announcedPort(child, name) };
}

const results: Record<string, { start: number[]; peak: number[] }> = {};
for (let round = 1; round <= rounds; round++) {
  for (const route of routes) {
    for (const name of servers) {
      const { child, port } = await start(name);
      await delay(500);
      const startRss = status(child.pid!, 'VmRSS');
      await load(`http://127.0.0.1:${port}${route.path}`, seconds, route.headers);
      const peak = status(child.pid!, 'VmHWM');
      const cell = (results[`${route.key} ${name}`] ??= { start: [], peak: [] });
      cell.start.push(startRss);
      cell.peak.push(peak);
      console.log(`round ${round} ${route.key} ${name}: start ${startRss.toFixed(1)} peak ${peak.toFixed(1)} MiB`);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}
for (const [cell, { start, peak }] of Object.entries(results)) {
  console.log(`${cell}: start median ${median(start).toFixed(1)}, peak median ${median(peak).toFixed(1)} (${peak.map((p) => p.toFixed(1)).join(' · ')})`);
}
