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
import { MISSING_PATH } from './routes.ts';

const here = dirname(fileURLToPath(import.meta.url));
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const servers = (args.get('servers') ?? 'sluice,fastify').split(',');
const routeKeys = (args.get('routes') ?? 'hello,user,404').split(',');
const rounds = Number(args.get('rounds') ?? 3);
const seconds = Number(args.get('seconds') ?? 10);
const pin = args.has('pin');

const routes: Record<string, { path: string; headers: Record<string, string> }> = {
  hello: { path: '/hello', headers: {} },
  user: { path: '/users/42', headers: {} },
  404: { path: MISSING_PATH, headers: { referer: `http://127.0.0.1:8000${MISSING_PATH}` } },
};

function status(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(field + ':'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN) / 1024;
}

function start(name: string): Promise<{ child: ChildProcess; port: number }> {
  const env = { ...process.env, NODE_ENV: 'production', ...(name.startsWith('sluice') && { APP_ENV: 'prod' }) };
  const [server, root = join(here, '..')] = name.split('@') as [string, string?];
  const command = [process.execPath, join(root, 'dist', 'bench', 'servers', `${server}.js`)];
  // taskset execs node in its own process: the pid read below is the server's
  const [file, ...rest] = pin ? ['taskset', '-c', '0', ...command] : command;
  const child = spawn(file!, rest, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited ${code}`)));
  });
}

const results: Record<string, { start: number[]; peak: number[] }> = {};
for (let round = 1; round <= rounds; round++) {
  for (const key of routeKeys) {
    for (const name of servers) {
      const { child, port } = await start(name);
      await delay(500);
      const startRss = status(child.pid!, 'VmRSS');
      const route = routes[key]!;
      await load(`http://127.0.0.1:${port}${route.path}`, seconds, route.headers);
      const peak = status(child.pid!, 'VmHWM');
      const cell = (results[`${key} ${name}`] ??= { start: [], peak: [] });
      cell.start.push(startRss);
      cell.peak.push(peak);
      console.log(`round ${round} ${key} ${name}: start ${startRss.toFixed(1)} peak ${peak.toFixed(1)} MiB`);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [cell, { start, peak }] of Object.entries(results)) {
  console.log(`${cell}: start median ${median(start).toFixed(1)}, peak median ${median(peak).toFixed(1)} (${peak.map((p) => p.toFixed(1)).join(' · ')})`);
}
