import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'sluice';
import { appSettingsFor, configFor, debugByDefault } from './config.ts';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('The app configuration', () => {
  it('signs with APP_SECRET in prod', () => {
    const before = process.env.APP_SECRET;
    process.env.APP_SECRET = 'a-secret-from-the-environment-0123';
    try {
      assert.equal(configFor('prod').secret, 'a-secret-from-the-environment-0123');
    } finally {
      if (before === undefined) delete process.env.APP_SECRET;
      else process.env.APP_SECRET = before;
    }
  });

  it('never falls back to a well-known prod secret: without APP_SECRET it is random per process', () => {
    const before = process.env.APP_SECRET;
    delete process.env.APP_SECRET;
    try {
      const secret = configFor('prod').secret!;
      assert.ok(secret.length >= 40, secret);
      assert.equal(configFor('prod').secret, secret, 'the same for the whole process');
      assert.ok(!/change-me|secret/i.test(secret));
    } finally {
      if (before !== undefined) process.env.APP_SECRET = before;
    }
  });

  it('refuses an unknown environment, naming the known ones', () => {
    assert.throws(() => configFor('staging'), { message: 'Unknown environment "staging"; known: dev, test, prod.' });
  });

  it('documents its defaults in app/.env, the same as the settings without any variable', () => {
    const env: NodeJS.ProcessEnv = {};
    const loaded = loadEnv(appDir, 'test', { target: env });
    assert.deepEqual(loaded.files, [join(appDir, '.env')]);
    assert.deepEqual([env.APP_ENV, env.DATABASE_URL, env.PORT, env.APP_SECRET], ['dev', 'sqlite:var/data.db', '8000', '']);
    assert.deepEqual(appSettingsFor('dev', env), appSettingsFor('dev', {}));
  });

  it('refuses an invalid value in one line naming the variable', () => {
    assert.throws(() => appSettingsFor('dev', { APP_MAX_IMAGE_BYTES: 'lots' }), { message: 'APP_MAX_IMAGE_BYTES must be an integer of at least 1 (bytes), "lots" given.' });
    assert.throws(() => debugByDefault('prod', { APP_DEBUG: 'maybe' }), { message: 'APP_DEBUG must be a boolean (1/0, true/false, on/off, yes/no), "maybe" given.' });
  });
});
