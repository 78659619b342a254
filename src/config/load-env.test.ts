import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envSource, loadEnv } from './load-env.ts';

const dirs: string[] = [];

/** A directory holding the given .env files. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-env-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

describe('loadEnv', () => {
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const layered = {
    '.env': 'APP_ENV=dev\nA=env\nB=env\nC=env\nD=env\n',
    '.env.local': 'B=local\nC=local\nD=local\n',
    '.env.dev': 'C=dev\nD=dev\n',
    '.env.dev.local': 'D=dev-local\n',
    '.env.test': 'C=test\n',
    '.env.test.local': 'D=test-local\n',
  };

  it('reads .env, .env.local, .env.<env>, .env.<env>.local, each overriding the ones before', () => {
    const dir = project(layered);
    const target: NodeJS.ProcessEnv = {};
    const loaded = loadEnv(dir, undefined, { target });
    assert.equal(loaded.environment, 'dev');
    assert.deepEqual(loaded.files, ['.env', '.env.local', '.env.dev', '.env.dev.local'].map((name) => join(dir, name)));
    assert.deepEqual([target.A, target.B, target.C, target.D], ['env', 'local', 'dev', 'dev-local']);
    assert.equal(envSource('C', target), join(dir, '.env.dev'));
  });

  it('lets the real environment win over every file', () => {
    const target: NodeJS.ProcessEnv = { D: 'real', APP_ENV: 'dev' };
    loadEnv(project(layered), undefined, { target });
    assert.equal(target.D, 'real');
    assert.equal(envSource('D', target), undefined);
  });

  it('skips the .local files in test, so tests run the same on every machine', () => {
    const target: NodeJS.ProcessEnv = {};
    const loaded = loadEnv(project(layered), 'test', { target });
    assert.deepEqual([target.A, target.B, target.C, target.D], ['env', 'env', 'test', 'env']);
    assert.equal(loaded.files.length, 2);
  });

  it('takes the environment from the real APP_ENV, else from .env, else dev', () => {
    assert.equal(loadEnv(project(layered), undefined, { target: { APP_ENV: 'test' } }).environment, 'test');
    assert.equal(loadEnv(project({ '.env': 'APP_ENV=prod\n' }), undefined, { target: {} }).environment, 'prod');
    assert.equal(loadEnv(project({}), undefined, { target: {} }).environment, 'dev');
  });

  it('expands references to other variables, real ones included, with defaults', () => {
    const target: NodeJS.ProcessEnv = { DB_HOST: 'db.internal' };
    loadEnv(project({ '.env': 'DB_NAME=events\nDATABASE_URL=postgresql://${DB_HOST}/${DB_NAME}\nPORT=${HTTP_PORT:-8000}\n' }), undefined, { target });
    assert.equal(target.DATABASE_URL, 'postgresql://db.internal/events');
    assert.equal(target.PORT, '8000');
  });

  it('replaces what an earlier load set when loading for another environment', () => {
    const dir = project(layered);
    const target: NodeJS.ProcessEnv = {};
    loadEnv(dir, 'dev', { target });
    loadEnv(dir, 'test', { target });
    assert.deepEqual([target.B, target.C, target.D], ['env', 'test', 'env']);
  });

  it('keeps a value set after a load as the real environment\'s', () => {
    const dir = project(layered);
    const target: NodeJS.ProcessEnv = {};
    loadEnv(dir, 'dev', { target });
    target.B = 'set by the process';
    loadEnv(dir, 'test', { target });
    assert.deepEqual([target.B, target.C], ['set by the process', 'test']);
  });
});
