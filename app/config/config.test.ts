import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'sluice';
import { appSettingsFor, configFor, debugByDefault, deploymentConfig, instanceHeaders } from './config.ts';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('The app configuration', () => {
  it('keeps each environment\'s events in a database of its own by default, so prod leaves the dev data alone', () => {
    assert.equal(appSettingsFor('dev', {}).database, 'sqlite:var/data_dev.db');
    assert.equal(appSettingsFor('prod', {}).database, 'sqlite:var/data_prod.db');
    assert.equal(appSettingsFor('prod', { DATABASE_URL: 'sqlite::memory:' }).database, 'sqlite::memory:');
  });

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

  it('takes the session store, trusted proxies and trusted hosts from the environment, under Symfony\'s names', () => {
    const config = configFor('dev', { SESSION_STORE: 'redis', TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1', TRUSTED_HOSTS: '^(localhost|example\\.com)$' });
    assert.deepEqual(config.session, { store: 'redis' });
    assert.deepEqual(config.trustedProxies, ['10.0.0.0/8', '127.0.0.1']);
    assert.deepEqual(config.trustedHosts, ['^(localhost|example\\.com)$']);
    assert.deepEqual(configFor('dev', { TRUSTED_HOSTS: 'example.com,www.example.com' }).trustedHosts, ['example.com', 'www.example.com']);
    assert.equal(configFor('dev', {}).trustedHosts, undefined);
  });

  it('refuses an unknown SESSION_STORE in one line', () => {
    assert.throws(() => configFor('dev', { SESSION_STORE: 'mongo' }), { message: 'SESSION_STORE must be memory, file or redis, "mongo" given.' });
  });

  it('refuses an unknown environment, naming the known ones', () => {
    assert.throws(() => configFor('staging'), { message: 'Unknown environment "staging"; known: dev, test, prod.' });
  });

  it('takes what a deployment sets from the environment: session store, secret, trusted proxies and hosts', () => {
    const config = configFor('dev', { SESSION_STORE: 'redis', APP_SECRET: 'shared-by-every-instance', TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8', TRUSTED_HOSTS: '^example\\.org$' });
    assert.equal(config.session?.store, 'redis');
    assert.equal(config.secret, 'shared-by-every-instance');
    assert.deepEqual(config.trustedProxies, ['127.0.0.1', '10.0.0.0/8']);
    assert.deepEqual(config.trustedHosts, ['^example\\.org$']);
    assert.deepEqual(deploymentConfig({}), {}, 'nothing set, nothing changed');
  });

  it('names the instance in X-Instance outside prod only', () => {
    assert.deepEqual(instanceHeaders('dev', { SLUICE_INSTANCE_ID: 'web-2' }), { 'X-Instance': 'web-2' });
    assert.match(instanceHeaders('dev', {})['X-Instance']!, new RegExp(`:${process.pid}$`));
    assert.deepEqual(instanceHeaders('prod', { SLUICE_INSTANCE_ID: 'web-2' }), {});
  });

  it('documents its defaults in app/.env, the same as the settings without any variable', () => {
    const env: NodeJS.ProcessEnv = {};
    const loaded = loadEnv(appDir, 'test', { target: env });
    assert.deepEqual(loaded.files, [join(appDir, '.env')]);
    assert.deepEqual([env.APP_ENV, env.DATABASE_URL, env.PORT, env.APP_SECRET], ['dev', undefined, '8000', '']);
    assert.deepEqual(appSettingsFor('dev', env), appSettingsFor('dev', {}));
  });

  it('refuses an invalid value in one line naming the variable', () => {
    assert.throws(() => appSettingsFor('dev', { APP_MAX_IMAGE_BYTES: 'lots' }), { message: 'APP_MAX_IMAGE_BYTES must be an integer of at least 1 (bytes), "lots" given.' });
    assert.throws(() => debugByDefault('prod', { APP_DEBUG: 'maybe' }), { message: 'APP_DEBUG must be a boolean (1/0, true/false, on/off, yes/no), "maybe" given.' });
  });
});
