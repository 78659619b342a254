import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRedisClient } from 'sluice';
import { watchProcess } from 'sluice/testing';
import { projectDir } from './create-kernel.ts';
import { hiddenValue } from './test-support/app-test-kernel.ts';

const root = join(projectDir, '..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const probe = createRedisClient(REDIS_URL);
const redisSkip = await probe.ping().then(() => false as const, (error: Error) => `Redis is not reachable at ${REDIS_URL} (${error.message}); start it or set REDIS_URL to run this test`);
probe.disconnect();

/**
 * An instance as the local cluster runs it (`serve --no-watch`, sessions in Redis), which
 * ends when its event loop is empty: nothing calls `process.exit` for it, so a connection
 * left open keeps it running until a supervisor kills it.
 */
describe('An instance with its sessions and rate limits in Redis', { skip: redisSkip }, () => {
  it('exits by itself on SIGTERM after a login attempt used the Redis rate limiter', { timeout: 60_000 }, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-shutdown-'));
    const child = spawn(process.execPath, ['--import', join(root, 'scripts/register-typescript.mjs'), join(projectDir, 'bin/serve.ts'), 'serve', '--no-watch', '--strict-port', '--host=127.0.0.1', '--port=0'], {
      cwd: root,
      env: { PATH: process.env.PATH, APP_ENV: 'dev', SESSION_STORE: 'redis', REDIS_URL, APP_SECRET: 'shutdown-test-secret-0123456789', APP_ADMIN_PASSWORD: 'secret-pass', APP_VAR_DIR: join(dir, 'var'), DATABASE_URL: `sqlite:${join(dir, 'data.db')}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { stdout, stderr, exited } = watchProcess(child);
    // a process that does not exit fails the test at its timeout, and is then killed so the run can end
    t.signal.addEventListener('abort', () => child.kill('SIGKILL'));
    try {
      const url = await stdout.waitUntil((out) => /listening on (http:\/\/\S+)/.exec(out)?.[1], 'the server listening').catch((error: Error) => {
        throw new Error(`${error.message}\n${stderr.text}`);
      });
      const page = await fetch(`${url}/login`);
      const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
      const body = new URLSearchParams({ _username: 'admin', _password: 'wrong', _csrf_token: hiddenValue(await page.text(), '_csrf_token') });
      const attempt = await fetch(`${url}/login`, { method: 'POST', body, headers: { cookie }, redirect: 'manual' });
      assert.equal(attempt.status, 302, 'the wrong password sends back to the login page');
      child.kill('SIGTERM');
      assert.equal(await exited, 0, stderr.text);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
