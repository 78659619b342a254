import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PasswordHasher } from 'sluice/security';
import { nginxConfig } from './nginx-config.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const register = join(root, 'scripts', 'register-typescript.mjs');

export interface LocalClusterOptions {
  /** Where nginx listens. */
  port: number;
  /** One port per instance. */
  instancePorts: readonly number[];
  host?: string;
  /** DATABASE_URL, REDIS_URL and anything else the instances should see (APP_ENV, APP_STORAGE...). */
  env: NodeJS.ProcessEnv;
  /** Each line an instance or nginx writes, with who wrote it. */
  output?: (source: string, line: string) => void;
  /** How long an instance may take to listen; default 60 s (a loaded CI machine). */
  startTimeoutMs?: number;
}

interface Instance {
  readonly id: string;
  readonly port: number;
  process: ChildProcess | undefined;
}

/** The nginx executable on PATH or in /usr/sbin (Debian's), or undefined. */
export function findNginx(): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin']) {
    if (dir === '') continue;
    try {
      accessSync(join(dir, 'nginx'), constants.X_OK);
      return join(dir, 'nginx');
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Several instances of the events site behind nginx, on this machine: what
 * `npm run cluster:local` runs and what the multi-instance test drives. Migrations run
 * once first (`app:setup`: migrations, then the first events); every instance gets the
 * same environment (sessions and profiles in Redis, pictures in PostgreSQL, one
 * APP_SECRET) and an id of its own in X-Instance. nginx runs as a child, from a generated
 * configuration in a temporary directory that holds its pid, logs and temporary files.
 */
export class LocalCluster {
  readonly url: string;
  readonly instances: readonly Instance[];
  readonly #options: LocalClusterOptions;
  readonly #env: NodeJS.ProcessEnv;
  readonly #dir: string;
  #nginx: ChildProcess | undefined;

  private constructor(options: LocalClusterOptions) {
    this.#options = options;
    const host = options.host ?? '127.0.0.1';
    this.url = `http://${host}:${options.port}`;
    this.instances = options.instancePorts.map((port, i) => ({ id: `web-${i + 1}`, port, process: undefined }));
    const redis = options.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    this.#env = {
      ...process.env,
      APP_ENV: 'dev',
      SESSION_STORE: 'redis',
      SLUICE_PROFILER_DSN: redis,
      APP_STORAGE: 'database',
      // One secret for all: a CSRF token made by one instance is checked by another.
      APP_SECRET: randomBytes(24).toString('base64url'),
      TRUSTED_PROXIES: '127.0.0.1',
      ...options.env,
      REDIS_URL: redis,
    };
    this.#dir = mkdtempSync(join(tmpdir(), 'sluice-cluster-'));
  }

  /** Migrates, starts the instances (the first alone: it installs the public assets when missing), then nginx. */
  static async start(options: LocalClusterOptions): Promise<LocalCluster> {
    const nginx = findNginx();
    if (nginx === undefined) throw new Error('nginx is not installed (Debian: apt-get install nginx-light).');
    const cluster = new LocalCluster(options);
    try {
      await cluster.#hashAdminPassword();
      await cluster.#setUp();
      await cluster.startInstance(0);
      await Promise.all(cluster.instances.slice(1).map((_, i) => cluster.startInstance(i + 1)));
      await cluster.#startNginx(nginx);
      return cluster;
    } catch (error) {
      await cluster.close();
      throw error;
    }
  }

  /** nginx's error log (upstream failures and retries), until `close()`. */
  get nginxErrorLog(): string {
    return join(this.#dir, 'error.log');
  }

  /** Starts instance `index` (again) and resolves once it listens. */
  async startInstance(index: number): Promise<void> {
    const instance = this.instances[index]!;
    // The server itself, without the dev server's watcher and its restarts: an instance is
    // restarted by whoever runs the cluster, as in production.
    const host = this.#options.host ?? '127.0.0.1';
    const serve = ['serve', '--no-watch', '--strict-port', `--host=${host}`, `--port=${instance.port}`];
    const child = spawn(process.execPath, ['--import', register, join(root, 'app', 'bin', 'serve.ts'), ...serve], {
      cwd: root,
      env: { ...this.#env, HOST: host, PORT: String(instance.port), SLUICE_INSTANCE_ID: instance.id },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    instance.process = child;
    await new Promise<void>((resolve, reject) => {
      let stderr = '';
      const timer = setTimeout(() => fail(new Error(`${instance.id} did not listen on port ${instance.port} within ${this.#startTimeoutMs} ms.`)), this.#startTimeoutMs);
      const fail = (error: Error): void => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(error);
      };
      this.#lines(child, instance.id, (line) => {
        if (line.includes('listening on')) {
          clearTimeout(timer);
          resolve();
        }
      }, (line) => {
        stderr += `${line}\n`;
      });
      child.once('exit', (code, signal) => fail(new Error(`${instance.id} exited before listening (${signal ?? `code ${code}`}): ${stderr.trim().split('\n').at(-1) ?? ''}`)));
    });
  }

  /** Instances that had to be killed because they were still running 15 s after SIGTERM. */
  forcedStops = 0;

  /**
   * Sends `signal` to instance `index` and resolves once it has exited. One still running
   * 15 s after SIGTERM (its 10 s grace for in-flight requests, and some) is killed, as
   * systemd's TimeoutStopSec would.
   */
  async stopInstance(index: number, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.instances[index]!.process;
    if (child === undefined) return;
    this.instances[index]!.process = undefined;
    const killer = setTimeout(() => {
      this.forcedStops++;
      this.#options.output?.(this.instances[index]!.id, `still running 15 s after ${signal}: killed`);
      child.kill('SIGKILL');
    }, 15_000);
    await stopChild(child, signal);
    clearTimeout(killer);
  }

  /** Stops every instance (gracefully) and nginx, and removes nginx's directory. */
  async close(): Promise<void> {
    await Promise.all(this.instances.map((_, i) => this.stopInstance(i)));
    if (this.#nginx !== undefined) await stopChild(this.#nginx, 'SIGQUIT');
    this.#nginx = undefined;
    rmSync(this.#dir, { recursive: true, force: true });
  }

  get #startTimeoutMs(): number {
    return this.#options.startTimeoutMs ?? 60_000;
  }

  /**
   * A plain APP_ADMIN_PASSWORD is hashed by each process with a salt of its own, and a
   * login remembers the hash it was made with: another instance, with another hash, would
   * end it. One hash, made here and given to all, keeps a login valid on every instance.
   */
  async #hashAdminPassword(): Promise<void> {
    const env = this.#env;
    if (env.APP_ENV === 'prod' && env.APP_ADMIN_PASSWORD === undefined) return;
    const password = env.APP_ADMIN_PASSWORD ?? 'admin';
    if (password === '' || password.startsWith('$scrypt$')) return;
    env.APP_ADMIN_PASSWORD = await new PasswordHasher().hash(password);
  }

  async #setUp(): Promise<void> {
    await this.console('app:setup');
  }

  /**
   * Runs `app/bin/console` with the instances' environment (their database, their Redis)
   * and resolves with what it printed on stdout: `console('app:token:create', 'admin')`
   * gives a token every instance accepts on its last line.
   */
  async console(...args: string[]): Promise<string> {
    const child = spawn(join(root, 'app', 'bin', 'console'), args, { cwd: root, env: this.#env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    this.#lines(child, args[0] ?? 'console', (line) => {
      stdout += `${line}\n`;
    }, (line) => {
      stderr += `${line}\n`;
    });
    const [code] = await new Promise<[number | null]>((resolve) => child.once('exit', (exitCode) => resolve([exitCode])));
    if (code !== 0) throw new Error(`${args.join(' ')} failed: ${stderr.trim().split('\n').at(-1) ?? `exit code ${code}`}`);
    return stdout;
  }

  async #startNginx(nginx: string): Promise<void> {
    const host = this.#options.host ?? '127.0.0.1';
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(this.#dir, temp));
    const config = join(this.#dir, 'nginx.conf');
    writeFileSync(config, nginxConfig({ listen: `${host}:${this.#options.port}`, upstreams: this.instances.map((instance) => `${host}:${instance.port}`), dir: this.#dir }));
    const child = spawn(nginx, ['-p', this.#dir, '-e', join(this.#dir, 'error.log'), '-c', config, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.#nginx = child;
    let exited: string | undefined;
    child.once('exit', (code, signal) => {
      exited = signal ?? `code ${code}`;
    });
    this.#lines(child, 'nginx', () => {}, () => {});
    // nginx says nothing when it is ready: its port answering is the sign.
    for (const until = Date.now() + 10_000; ; await delay(50)) {
      if (exited !== undefined) throw new Error(`nginx exited (${exited}); see its messages above or ${join(this.#dir, 'error.log')}.`);
      if (await accepts(host, this.#options.port)) return;
      if (Date.now() > until) throw new Error(`nginx did not listen on port ${this.#options.port} within 10 s.`);
    }
  }

  #lines(child: ChildProcess, source: string, onStdout: (line: string) => void, onStderr: (line: string) => void): void {
    const output = this.#options.output;
    const split = (stream: NodeJS.ReadableStream | null, each: (line: string) => void): void => {
      let buffered = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        for (const line of lines) {
          output?.(source, line);
          each(line);
        }
      });
    };
    split(child.stdout, onStdout);
    split(child.stderr, onStderr);
  }
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
