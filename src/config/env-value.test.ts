import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envBoolean, envInteger } from './env-value.ts';
import { loadEnv } from './load-env.ts';

describe('Reading typed variables', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-env-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads an integer, and the default when unset or empty', () => {
    assert.equal(envInteger('PORT', { default: 8000 }, { PORT: ' 8080 ' }), 8080);
    assert.equal(envInteger('PORT', { default: 8000 }, {}), 8000);
    assert.equal(envInteger('PORT', { default: 8000 }, { PORT: '' }), 8000);
  });

  it('refuses a value that is not an integer within bounds in one line naming the variable', () => {
    assert.throws(() => envInteger('PORT', { default: 8000, min: 0, max: 65535, unit: 'a TCP port' }, { PORT: '80a' }), {
      name: 'InvalidEnvValueError',
      code: 'SLUICE_INVALID_ENV_VALUE',
      message: 'PORT must be an integer from 0 to 65535 (a TCP port), "80a" given.',
    });
    assert.throws(() => envInteger('APP_MAX_IMAGE_BYTES', { default: 1, min: 1 }, { APP_MAX_IMAGE_BYTES: '-5' }), /^InvalidEnvValueError: APP_MAX_IMAGE_BYTES must be an integer of at least 1, "-5" given\.$/);
  });

  it('says which .env file set an invalid value', () => {
    writeFileSync(join(dir, '.env'), 'APP_DEBUG=perhaps\n');
    const target: NodeJS.ProcessEnv = {};
    loadEnv(dir, 'dev', { target });
    assert.throws(() => envBoolean('APP_DEBUG', true, target), {
      message: `APP_DEBUG must be a boolean (1/0, true/false, on/off, yes/no), "perhaps" given (set in ${join(dir, '.env')}).`,
    });
  });

  it('reads booleans in their usual spellings', () => {
    assert.deepEqual(['1', 'TRUE', 'on', 'yes', '0', 'false', 'Off', 'no'].map((value) => envBoolean('X', false, { X: value })), [true, true, true, true, false, false, false, false]);
    assert.equal(envBoolean('X', true, {}), true);
  });
});
