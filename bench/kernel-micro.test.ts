import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

/** Runs bench/kernel-micro.ts from source for `count` requests of `path`, in an environment without APP_ENV unless `appEnv` is given. */
function kernelMicro(path: string, count: number, appEnv?: string): string {
  const { APP_ENV: _unset, ...env } = process.env;
  const result = spawnSync(process.execPath, ['--import', './scripts/register-typescript.mjs', 'bench/kernel-micro.ts', path, String(count)], {
    env: appEnv === undefined ? env : { ...env, APP_ENV: appEnv },
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

describe('bench/kernel-micro', () => {
  it('measures the app in prod when started without APP_ENV, whatever app/.env says', () => {
    assert.match(kernelMicro('/hello', 10), /^prod GET \/hello → 200: [\d.]+ µs per request, [\d.]+ µs CPU \(10 requests\)\n$/);
  });

  it('measures the environment APP_ENV names', () => {
    assert.match(kernelMicro('/hello', 10, 'test'), /^test GET \/hello → 200: /);
  });
});
