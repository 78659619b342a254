import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';

describe('bench/kernel-micro', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sluice-kernel-micro-test-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * Runs bench/kernel-micro.ts from source for `count` requests of `path`, in an environment
   * without APP_ENV unless `appEnv` is given, its database and uploads in this test's
   * directory (outside prod its logs and profiles go to one of kernel-micro's own).
   */
  function kernelMicro(path: string, count: number, appEnv?: string): string {
    const { APP_ENV: _unset, ...env } = process.env;
    const result = spawnSync(process.execPath, ['--import', './scripts/register-typescript.mjs', 'bench/kernel-micro.ts', path, String(count)], {
      env: { ...env, DATABASE_URL: `sqlite:${join(dir, `data-${appEnv ?? 'unset'}.db`)}`, APP_UPLOAD_DIR: join(dir, 'uploads'), ...(appEnv === undefined ? {} : { APP_ENV: appEnv }) },
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    return result.stdout;
  }

  it('measures the app in prod when started without APP_ENV, whatever app/.env says', () => {
    assert.match(kernelMicro('/hello', 10), /^prod GET \/hello → 200: [\d.]+ µs per request, [\d.]+ µs CPU \(10 requests\)\n$/);
  });

  it('measures the environment APP_ENV names', () => {
    assert.match(kernelMicro('/hello', 10, 'test'), /^test GET \/hello → 200: /);
  });
});
