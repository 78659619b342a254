import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const execFileAsync = promisify(execFile);
const console = new URL('./console', import.meta.url).pathname;

describe('app/bin/console app:token:list and app:token:revoke', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-token-manage-'));
  const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'data.db')}`, APP_VAR_DIR: join(dir, 'var') };
  const run = (...args: string[]): Promise<{ stdout: string; stderr: string }> => execFileAsync(console, args, { env });
  const tokens: string[] = [];
  before(async () => {
    for (let i = 0; i < 2; i++) tokens.push((await run('app:token:create', 'admin')).stdout.trimEnd().split('\n').at(-1)!);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('lists a user\'s tokens by id, oldest first, without the tokens themselves', async () => {
    const { stdout } = await run('app:token:list', 'admin');
    const lines = stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /^id\s+created\s+sha-256$/);
    assert.deepEqual(lines.slice(1).map((line) => line.split(/\s+/)[0]), ['1', '2']);
    assert.ok(tokens.every((token) => !stdout.includes(token)));
  });

  it('says so when a user has no token', async () => {
    assert.equal((await run('app:token:list', 'nobody')).stdout, 'No token for "nobody".\n');
  });

  it('revokes a token: it disappears from the list and the API refuses it with a 401', async () => {
    assert.equal((await run('app:token:revoke', '1')).stdout, ' [OK] Token 1 was revoked.\n');
    const { stdout } = await run('app:token:list', 'admin');
    assert.deepEqual(stdout.trimEnd().split('\n').slice(1).map((line) => line.split(/\s+/)[0]), ['2']);
    const refused = await run('request', 'DELETE', '/api/events/1', '-H', `Authorization: Bearer ${tokens[0]}`);
    assert.match(refused.stdout, /^HTTP\/1\.1 401/);
    const accepted = await run('request', 'DELETE', '/api/events/1', '-H', `Authorization: Bearer ${tokens[1]}`);
    assert.match(accepted.stdout, /^HTTP\/1\.1 204/, 'the other token still opens the API');
  });

  it('refuses an id that is not one, or that no token has, in one line with a non-zero exit', async () => {
    for (const [id, message] of [['abc', '"abc" is not a token id: app:token:list <user> shows them.\n'], ['42', 'No token has the id 42.\n']] as const) {
      await assert.rejects(run('app:token:revoke', id), (error: { code: number; stderr: string }) => {
        assert.equal(error.code, 1);
        assert.equal(error.stderr, message);
        return true;
      });
    }
  });
});
