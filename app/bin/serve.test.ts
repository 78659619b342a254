import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm start`'s script with the given variables; resolves with its exit code and output. */
function serve(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', './scripts/register-typescript.mjs', 'app/bin/serve.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: 'sqlite::memory:', ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : (typeof error.code === 'number' ? error.code : null), stdout, stderr });
    });
  });
}

describe('app/bin/serve.ts', () => {
  it('refuses an invalid PORT in one line naming it, without a stack trace, and exits non-zero', async () => {
    const { code, stdout, stderr } = await serve({ PORT: '80x' });
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.equal(stderr, ' [ERROR] PORT must be an integer from 0 to 65535 (a TCP port), "80x" given.\n');
  });

  it('refuses an invalid APP_MAX_IMAGE_BYTES the same way', async () => {
    const { code, stderr } = await serve({ APP_MAX_IMAGE_BYTES: 'lots' });
    assert.equal(code, 1);
    assert.equal(stderr, ' [ERROR] APP_MAX_IMAGE_BYTES must be an integer of at least 1 (bytes), "lots" given.\n');
  });
});
