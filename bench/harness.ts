// What `npm run bench` and `npm run bench:instructions` share: the command line, the
// servers and routes they measure, the build, and starting and stopping a server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MISSING_PATH, VALIDATE_PATH, validatePayload } from './routes.ts';

const here = dirname(fileURLToPath(import.meta.url));

/** `--key=value` options as a map; a bare `--flag` is `'true'`. */
export function benchArgs(argv: readonly string[] = process.argv.slice(2)): Map<string, string> {
  return new Map(argv.map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }));
}

/** `optional`: run only when named in --servers (diagnostics, not peers). `scenarios`: the only ones it runs. */
export interface ServerSpec { name: string; file: string; env?: Record<string, string>; scenarios?: string[]; optional?: boolean }
/**
 * `key`: its short name on the command line; `only`: the servers that run it (all when unset);
 * `peer`: the server the "× Fastify" ratios compare with (`fastify` when unset).
 */
export interface Scenario { key: string; name: string; path: string; headers?: Record<string, string>; only?: string[]; method?: string; body?: string; peer?: string }

/** The server a scenario's ratios compare with. */
export function peerOf(scenario: Scenario): string {
  return scenario.peer ?? 'fastify';
}

export const serverSpecs: readonly ServerSpec[] = [
  { name: 'node:http', file: 'servers/node-http.ts' },
  { name: 'sluice', file: 'servers/sluice.ts', env: { APP_ENV: 'prod' } },
  { name: 'fastify', file: 'servers/fastify.ts' },
  { name: 'express', file: 'servers/express.ts' },
  { name: 'hono', file: 'servers/hono.ts' },
  { name: 'sluice-dev', file: 'servers/sluice.ts', env: { APP_ENV: 'dev' }, scenarios: ['404 missing .JPG + Referer'] },
  { name: 'sluice-adapter', file: 'servers/sluice-adapter.ts', scenarios: ['GET /hello (JSON)'], optional: true },
  // The same app over node:http instead of our HTTP/1.1 server: what the kernel costs without our transport's lead.
  { name: 'sluice-node', file: 'servers/sluice.ts', env: { APP_ENV: 'prod', SLUICE_TRANSPORT: 'node' }, scenarios: ['GET /hello (JSON)', 'GET /users/:id (JSON)', '404 missing .JPG + Referer'], optional: true },
  // Fastify sending the same headers as our app, as a peer for sluice-node (see servers/fastify.ts).
  { name: 'fastify-headers', file: 'servers/fastify.ts', env: { FASTIFY_HEADERS: 'sluice' }, scenarios: ['GET /hello (JSON)', 'GET /users/:id (JSON)', '404 missing .JPG + Referer'], optional: true },
  // node:http with no framework, sending the same headers as our app: the floor under sluice-node and fastify-headers.
  { name: 'node-headers', file: 'servers/node-http.ts', env: { NODE_HEADERS: 'sluice' }, scenarios: ['GET /hello (JSON)', 'GET /users/:id (JSON)', '404 missing .JPG + Referer'], optional: true },
  { name: 'llhttp-floor', file: 'servers/llhttp-floor.ts', scenarios: ['GET /hello (JSON)'], optional: true },
  // The event page as a Fastify application would build it (@fastify/view + Eta, session, better-sqlite3).
  { name: 'fastify-page', file: 'servers/fastify-page.ts', scenarios: ['event page (session, template, cache)'] },
];

export const scenarios: readonly Scenario[] = [
  { key: 'hello', name: 'GET /hello (JSON)', path: '/hello' },
  { key: 'user', name: 'GET /users/:id (JSON)', path: '/users/42' },
  { key: '404', name: '404 missing .JPG + Referer', path: MISSING_PATH, headers: { referer: `http://127.0.0.1:8000${MISSING_PATH}` } },
  { key: 'event', name: 'event page (session, template, cache)', path: '/en/events/1', only: ['sluice', 'fastify-page'], peer: 'fastify-page' },
  // Payload validation: zod through @MapRequestPayload against Fastify's JSON-schema validation.
  { key: 'validate', name: 'POST /validate (5-field JSON, validated)', path: VALIDATE_PATH, method: 'POST', body: JSON.stringify(validatePayload), headers: { 'content-type': 'application/json' }, only: ['sluice', 'fastify'] },
];

/**
 * Compiles the project ahead to JavaScript (scripts/build.mjs, dist/): every server, ours
 * and the peers, runs as production code does, without the TypeScript loader and its thread.
 */
export function buildDist(): void {
  const built = spawnSync(process.execPath, [join(here, '..', 'scripts', 'build.mjs'), '--js-only'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/** A server's compiled file under dist/. */
export function compiled(file: string): string {
  return join(here, '..', 'dist', 'bench', file.replace(/\.ts$/, '.js'));
}

/** The port a server started as `child` announces (`READY <port>`, see servers/announce.ts). */
export function announcedPort(child: ChildProcess, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /READY (\d+)/.exec(buffer);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before it was ready`)));
  });
}

/**
 * Starts a bench server from its TypeScript source, through the project's loader (what the
 * bench's own tests do: they need no build), and resolves with its process and port.
 */
export async function startSourceServer(file: string, env: Record<string, string | undefined>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', './scripts/register-typescript.mjs', file], {
    cwd: join(here, '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, port: await announcedPort(child, file) };
}

/** Stops a server started as `child` and resolves once it has exited (at once if it already has). */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
