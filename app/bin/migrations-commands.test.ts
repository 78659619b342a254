import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTestSchema, postgresSkipReason } from 'sluice/testing';

const execFileAsync = promisify(execFile);
const console = new URL('./console', import.meta.url).pathname;
const skip = await postgresSkipReason();

describe('migrations:status, migrations:migrate and app:setup on PostgreSQL', { skip }, () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  const run = async (...args: string[]): Promise<string> => (await execFileAsync(console, args, { env: { ...process.env, DATABASE_URL: schema.url } })).stdout;

  before(async () => {
    schema = await createTestSchema();
  });
  after(() => schema?.drop());

  it('lists every migration as pending on a new database', async () => {
    const status = await run('migrations:status');
    assert.match(status, /^ {2}20261126000001 +The events table +not executed$/m);
    assert.match(status, /^ {2}20261126000002 +The pictures table \(PostgreSQL\) +not executed$/m);
    assert.match(status, /^ {2}20261126000003 +The API access tokens table +not executed$/m);
    assert.match(status, / \[NOTE\] 0 executed, 3 pending\.\n$/);
  });

  it('executes them once: a second run finds nothing to do', async () => {
    assert.equal(await run('migrations:migrate'), '  ++ migrated 20261126000001 (The events table)\n  ++ migrated 20261126000002 (The pictures table (PostgreSQL))\n  ++ migrated 20261126000003 (The API access tokens table)\n [OK] 3 migrations executed.\n');
    assert.equal(await run('migrations:migrate'), ' [OK] Already at the latest version; nothing to execute.\n');
    assert.match(await run('migrations:status'), / \[OK\] 3 executed, 0 pending\.\n$/);
  });

  it('app:token:create works on PostgreSQL once migrated (its table comes from a migration)', async () => {
    assert.match((await run('app:token:create', 'admin')).trimEnd().split('\n').at(-1)!, /^sl_[A-Za-z0-9_-]{43}$/);
  });

  it('app:setup is the migrations plus the first events, added once', async () => {
    assert.equal(await run('app:setup'), ' [OK] The events table is ready; 3 events were added.\n');
    assert.equal(await run('app:setup'), ' [OK] The events table exists and already holds events; nothing was added.\n');
  });
});

describe('migrations:status on SQLite', () => {
  it('shows the migrations executed by the boot that created the database', async () => {
    const { stdout } = await execFileAsync(console, ['migrations:status'], { env: { ...process.env, DATABASE_URL: 'sqlite::memory:' } });
    assert.match(stdout, /^ {2}20261126000001 +The events table +\d{4}-\d\d-\d\dT/m);
    assert.match(stdout, / \[OK\] 3 executed, 0 pending\.\n$/);
  });
});
