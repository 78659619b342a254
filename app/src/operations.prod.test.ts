import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, OutputWatch, watchProcess } from 'sluice/testing';
import { projectDir } from './create-kernel.ts';
import { hiddenValue } from './test-support/app-test-kernel.ts';

/**
 * The "done when", against the app as operators run it: `app/bin/serve.ts` in a
 * process of its own with APP_ENV=prod, spoken to over a real socket, its stdout read.
 */
const root = join(projectDir, '..');

interface Served {
  url: string;
  /** Everything the process wrote to stdout so far, watched as it comes. */
  stdout: OutputWatch;
  stderr: OutputWatch;
  stop(): Promise<void>;
}

async function serve(env: Record<string, string>): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-prod-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', join(root, 'scripts/register-typescript.mjs'), join(projectDir, 'bin/serve.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH, APP_ENV: 'prod', APP_SECRET: 'prod-test-secret-0123456789', APP_ADMIN_PASSWORD: 'secret-pass', HOST: '127.0.0.1', PORT: '0', DATABASE_URL: `sqlite:${join(dir, 'data.db')}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { stdout, stderr, exited } = watchProcess(child);
  const url = await stdout.waitUntil((out) => /listening on (http:\/\/\S+)/.exec(out)?.[1], 'the server listening').catch((error: Error) => {
    throw new Error(`${error.message}\n${stderr.text}`);
  });
  return {
    url,
    stdout,
    stderr,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A browser of one: keeps the session cookie. */
class Client {
  cookie = '';
  constructor(readonly base: string) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(this.base + path, { redirect: 'manual', ...init, headers: { ...(this.cookie && { cookie: this.cookie }), ...init.headers } });
    const set = response.headers.get('set-cookie');
    if (set !== null) this.cookie = set.split(';')[0]!;
    return response;
  }

  async login(password: string, token: string): Promise<Response> {
    return this.fetch('/login', { method: 'POST', body: new URLSearchParams({ _username: 'admin', _password: password, _csrf_token: token }) });
  }
}

describe('the app in prod, as operators run it', () => {
  let served: Served;
  before(async () => {
    served = await serve({});
  });
  after(() => served.stop());

  it('answers with an X-Request-Id that its stdout JSON line for that request carries in extra.request_id', async () => {
    const response = await fetch(`${served.url}/en/events/2`);
    assert.equal(response.status, 200);
    const id = response.headers.get('x-request-id')!;
    assert.match(id, /^[0-9a-f-]{36}$/);
    const line = await served.stdout.waitUntil((out) => jsonLines(out).find((entry) => (entry['extra'] as { request_id?: string } | undefined)?.request_id === id));
    assert.equal(line['channel'], 'request');
    assert.match(String(line['time']), /^\d{4}-\d\d-\d\dT/);
  });

  it('writes less than 4 KB of log for /%zz followed by 15,000 characters', async () => {
    await served.stdout.waitUntil((out) => (out.endsWith('\n') ? true : undefined));
    const before = Buffer.byteLength(served.stdout.text);
    const response = await fetch(`${served.url}/%zz${'a'.repeat(15_000)}`);
    assert.equal(response.status, 400);
    const id = response.headers.get('x-request-id')!;
    await served.stdout.waitUntil((out) => (out.includes(id) ? true : undefined));
    // A second request's lines come after all of the first's: what was written up to them
    // is the first request's whole log.
    const marker = await fetch(`${served.url}/%zz`);
    const markerId = marker.headers.get('x-request-id')!;
    const upToMarker = await served.stdout.waitUntil((out) => {
      const at = out.indexOf(markerId);
      return at === -1 ? undefined : out.slice(0, out.lastIndexOf('\n', at) + 1);
    });
    const added = Buffer.byteLength(upToMarker) - before;
    assert.ok(upToMarker.includes(id));
    assert.ok(added < 4096, `${added} bytes of log`);
  });

  it('is ready, with each check named', async () => {
    const response = await fetch(`${served.url}/_health/ready`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok', checks: { database: { status: 'ok' }, uploads: { status: 'ok' } } });
  });

  it('sends nosniff and a CSP with frame-ancestors on /login', async () => {
    const response = await fetch(`${served.url}/login`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.match(String(response.headers.get('content-security-policy')), /frame-ancestors 'none'/);
  });

  it('refuses a polyglot JPEG upload with 422', async () => {
    const client = new Client(served.url);
    const login = await client.fetch('/login');
    assert.equal((await client.login('secret-pass', hiddenValue(await login.text(), '_csrf_token'))).status, 302);
    const form = await client.fetch('/admin/events/new');
    const token = hiddenValue(await form.text(), '_token');
    const post = async (bytes: Buffer): Promise<Response> => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ title: 'Polyglot', venue: 'Here', starts_at: '2031-06-01T18:30', description: '', _token: token })) body.set(name, value);
      body.set('image', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
      return client.fetch('/admin/events/new', { method: 'POST', body });
    };
    const polyglot = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const refused = await post(polyglot);
    assert.equal(refused.status, 422);
    assert.match(await refused.text(), /The image must be a JPEG file\./);
    // (a real JPEG is taken: event-images.test.ts; not here, where it would be stored in the bundle)
  });

  it('answers the sixth wrong password within a minute for one user with 429 and Retry-After', async () => {
    const client = new Client(served.url);
    const token = hiddenValue(await (await client.fetch('/login')).text(), '_csrf_token');
    for (let i = 1; i <= 5; i++) assert.equal((await client.login(`wrong-${i}`, token)).status, 302, `attempt ${i} goes back to the form`);
    const sixth = await client.login('wrong-6', token);
    assert.equal(sixth.status, 429);
    const retryAfter = Number(sixth.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After: ${retryAfter}`);
  });
});

describe('the app in prod during outages', () => {
  it('answers /login within 2 s with SESSION_STORE=redis and Redis unreachable', async () => {
    const served = await serve({ SESSION_STORE: 'redis', REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const started = performance.now();
      const response = await fetch(`${served.url}/login`);
      const took = performance.now() - started;
      assert.ok(took < 2000, `answered after ${Math.round(took)} ms`);
      assert.equal(response.status, 503);
      assert.ok(Number(response.headers.get('retry-after')) > 0);
      assert.equal((await fetch(`${served.url}/en/events/2`)).status, 200, 'pages without a session are unaffected');
      assert.equal((await fetch(`${served.url}/_health/ready`)).status, 503);
    } finally {
      await served.stop();
    }
  });

  it('is not ready when the PostgreSQL database refuses connections', async () => {
    const served = await serve({ DATABASE_URL: `postgresql://postgres@127.0.0.1:${await freePort()}/test` });
    try {
      const response = await fetch(`${served.url}/_health/ready`);
      assert.equal(response.status, 503);
      const report = (await response.json()) as { status: string; checks: Record<string, { status: string }> };
      assert.equal(report.status, 'fail');
      assert.deepEqual(report.checks['database'], { status: 'fail' });
      assert.equal((await fetch(`${served.url}/_health/live`)).status, 200);
    } finally {
      await served.stop();
    }
  });

  it('warns at start when TRUSTED_HOSTS is unset, and not when it is set', async () => {
    const unset = await serve({});
    try {
      await unset.stderr.waitUntil((err) => (err.includes('TRUSTED_HOSTS') ? true : undefined));
      assert.match(unset.stderr.text, /\[WARNING\] TRUSTED_HOSTS is not set/);
    } finally {
      await unset.stop();
    }
    const set = await serve({ TRUSTED_HOSTS: '^127\\.0\\.0\\.1$' });
    try {
      assert.doesNotMatch(set.stderr.text, /TRUSTED_HOSTS/);
      assert.equal((await fetch(`${set.url}/en/events/2`)).status, 200);
      const evil = await new Promise<number>((resolve, reject) => {
        const { hostname, port } = new URL(set.url);
        get({ host: hostname, port, path: '/admin/events', headers: { host: 'evil.example' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).on('error', reject);
      });
      assert.equal(evil, 400, 'an untrusted Host is refused, not redirected to');
    } finally {
      await set.stop();
    }
  });
});
