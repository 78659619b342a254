import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { send } from '../server/test-support/http-client.ts';
import { redisUnavailable } from './test-support/redis-available.ts';
import { typescriptImport } from '../test-support/node-typescript.ts';

const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const skip = await redisUnavailable(url);
const prefix = `sluice-test:${randomBytes(4).toString('hex')}:`;

/** One application process (test-support/session-app.ts) and the port it listens on. */
class AppProcess {
  readonly child: ChildProcess;
  readonly port: Promise<number>;

  constructor() {
    const script = fileURLToPath(new URL('./test-support/session-app.ts', import.meta.url));
    this.child = spawn(process.execPath, [...typescriptImport, script], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, REDIS_URL: url, SESSION_PREFIX: prefix },
    });
    this.port = new Promise((resolve, reject) => {
      let buffered = '';
      this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        const line = buffered.split('\n').find((l) => l.startsWith('{"listening"'));
        if (line !== undefined) resolve((JSON.parse(line) as { listening: number }).listening);
      });
      this.child.once('exit', (code) => reject(new Error(`the application process exited (${code}) before listening`)));
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    await once(this.child, 'exit');
  }
}

function cookieOf(setCookie: string[] | undefined): string {
  const cookie = setCookie?.find((line) => line.startsWith('SLUICESESSID='));
  assert.ok(cookie, 'a session cookie was set');
  return cookie.split(';')[0]!;
}

describe('Two application processes sharing the Redis session store', { skip }, () => {
  let first: AppProcess;
  let second: AppProcess;
  let ports: [number, number];

  before(async () => {
    first = new AppProcess();
    second = new AppProcess();
    ports = [await first.port, await second.port];
  }, { timeout: 30_000 });

  after(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    const client = new Redis(url);
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  it('run as two processes on two ports', () => {
    assert.notEqual(first.child.pid, second.child.pid);
    assert.notEqual(ports[0], ports[1]);
  });

  it('read through one process a session written through the other', async () => {
    const written = await send(ports[0], '/write?note=shared');
    assert.equal(written.status, 200);
    const cookie = cookieOf(written.headers['set-cookie']);
    const read = await send(ports[1], '/read', { headers: { cookie } });
    assert.equal(read.body.toString(), 'shared');
  });

  it('see a change made through the second process in the first', async () => {
    const cookie = cookieOf((await send(ports[0], '/write?note=v1')).headers['set-cookie']);
    await send(ports[1], '/write?note=v2', { headers: { cookie } });
    assert.equal((await send(ports[0], '/read', { headers: { cookie } })).body.toString(), 'v2');
  });

  it('keep the session in Redis under the configured prefix, with a time to live', async () => {
    const cookie = cookieOf((await send(ports[0], '/write?note=ttl')).headers['set-cookie']);
    const client = new Redis(url);
    try {
      const ttl = await client.pttl(`${prefix}${cookie.split('=')[1]}`);
      assert.ok(ttl > 0 && ttl <= 1_440_000, `pttl ${ttl}`);
    } finally {
      await client.quit();
    }
  });
});
