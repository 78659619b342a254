import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

const execFileAsync = promisify(execFile);
const console = new URL('./console', import.meta.url).pathname;

describe('app/bin/console app:token:create', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-token-'));
  const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'data.db')}` };
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints a new token on its last line and stores only its hash', async () => {
    const { stdout } = await execFileAsync(console, ['app:token:create', 'admin'], { env });
    const token = stdout.trimEnd().split('\n').at(-1)!;
    assert.match(token, /^sl_[A-Za-z0-9_-]{43}$/);
    const db = new BetterSqlite3(join(dir, 'data.db'), { readonly: true });
    const rows = db.prepare('SELECT token_hash, user_identifier FROM security_access_token').all();
    db.close();
    assert.deepEqual(rows, [{ token_hash: createHash('sha256').update(token).digest('hex'), user_identifier: 'admin' }]);
  });

  it('refuses an unknown user in one line, with a non-zero exit', async () => {
    await assert.rejects(execFileAsync(console, ['app:token:create', 'nobody'], { env }), (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 1);
      assert.equal(error.stderr, 'Unknown user "nobody": the token would open nothing.\n');
      return true;
    });
  });
});
