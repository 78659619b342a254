// What one request costs the shared services, in counts that do not depend on the
// machine's load: Redis commands (MONITOR on a database index of its own) and PostgreSQL
// transactions (pg_stat_database of a database of its own; each autocommit query is one),
// for each kind of request, against one prod instance behind nginx. docs/deployment.md
// ("Capacity on paper") gives its figures.
//
//   node --import ./scripts/register-typescript.mjs deploy/capacity-counts.ts
//
// Needs nginx, PostgreSQL (POSTGRES_ADMIN_URL, default postgresql://postgres@127.0.0.1:5432/test,
// a role that may CREATE DATABASE) and Redis (REDIS_URL's server; database 13 is used).
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { Redis } from 'ioredis';
import { LocalCluster } from './local-cluster.ts';
import { CookieClient, freePort } from './http-client.ts';

const REQUESTS = 20;
const REDIS_DB = 13;
const admin = process.env.POSTGRES_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
redisUrl.pathname = `/${REDIS_DB}`;
const database = `sluice_capacity_${process.pid}`;

const stats = new pg.Client({ connectionString: admin });
await stats.connect();
await stats.query(`CREATE DATABASE ${database}`);
const commands = new Map<string, number>();
const monitor = await new Redis(redisUrl.toString()).monitor();
monitor.on('monitor', (_time: string, args: string[], _source: string, db: string) => {
  if (Number(db) === REDIS_DB) commands.set(args[0]!.toUpperCase(), (commands.get(args[0]!.toUpperCase()) ?? 0) + 1);
});

/** Transactions committed in the database, once every backend has reported (PostgreSQL sends its counts at most every second, and an idle backend within 10 s). */
async function transactions(): Promise<number> {
  let last = -1;
  for (;;) {
    await stats.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await stats.query<{ xact_commit: string; xact_rollback: string }>('SELECT xact_commit, xact_rollback FROM pg_stat_database WHERE datname = $1', [database]);
    const now = Number(rows[0]!.xact_commit) + Number(rows[0]!.xact_rollback);
    if (now === last) return now;
    last = now;
    await delay(11_000);
  }
}

async function backends(): Promise<number> {
  const { rows } = await stats.query<{ count: string }>('SELECT count(*) FROM pg_stat_activity WHERE datname = $1', [database]);
  return Number(rows[0]!.count);
}

const [port, instancePort] = await Promise.all([freePort(), freePort()]);
const url = new URL(admin);
url.pathname = `/${database}`;
const cluster = await LocalCluster.start({
  port: port!,
  instancePorts: [instancePort!],
  env: { APP_ENV: 'prod', DATABASE_URL: url.toString(), REDIS_URL: redisUrl.toString(), APP_ADMIN_PASSWORD: 'capacity-pass', SLUICE_PROFILER_DSN: '' },
});
const rows: string[] = [];
try {
  const user = new CookieClient();
  const login = await fetch(`${cluster.url}/login`);
  const cookie = login.headers.getSetCookie().map((set) => set.split(';')[0]).join('; ');
  const token = /name="_csrf_token" value="([^"]+)"/.exec(await login.text())?.[1] ?? '';
  const kinds: [string, () => Promise<unknown>][] = [
    ['GET / (anonymous)', () => fetch(`${cluster.url}/`).then((r) => r.arrayBuffer())],
    ['GET /en/events/2 (anonymous)', () => fetch(`${cluster.url}/en/events/2`).then((r) => r.arrayBuffer())],
    ['GET /pictures/jazz-night.JPG (shipped with the bundle)', () => fetch(`${cluster.url}/pictures/jazz-night.JPG`).then((r) => r.arrayBuffer())],
    ['GET /api/events', () => fetch(`${cluster.url}/api/events`).then((r) => r.arrayBuffer())],
    ['POST /login (right password)', () => new CookieClient().request(`${cluster.url}/login`, { method: 'POST', headers: { cookie }, body: new URLSearchParams({ _username: 'admin', _password: 'capacity-pass', _csrf_token: token }) }).then((r) => r.arrayBuffer())],
  ];
  await (await user.request(`${cluster.url}/login`, { method: 'POST', headers: { cookie }, body: new URLSearchParams({ _username: 'admin', _password: 'capacity-pass', _csrf_token: token }) })).arrayBuffer();
  kinds.push(['GET /admin/events (logged in)', () => user.request(`${cluster.url}/admin/events`).then((r) => r.arrayBuffer())]);
  // Warm: each statement prepared, each pool connection open.
  for (const [, send] of kinds) await send();
  let before = await transactions();
  for (const [name, send] of kinds) {
    commands.clear();
    for (let i = 0; i < REQUESTS; i++) await send();
    const after = await transactions();
    const redis = [...commands].map(([command, count]) => `${command} ${+(count / REQUESTS).toFixed(2)}`).join(', ') || '0';
    rows.push(`| ${name} | ${redis} | ${+((after - before) / REQUESTS).toFixed(2)} |`);
    before = after;
  }
  rows.push('', `PostgreSQL connections of the instance once idle: ${await backends()}`);
} finally {
  await cluster.close();
  monitor.disconnect();
  await stats.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await stats.end();
}
process.stdout.write(`| request (${REQUESTS} of each, prod) | Redis commands per request | PostgreSQL transactions per request |\n|---|---|---|\n${rows.join('\n')}\n`);
