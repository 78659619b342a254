import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryContract } from './repository.contract.ts';
import { SqliteConnection } from './sqlite-connection.ts';

const dir = mkdtempSync(join(tmpdir(), 'sluice-sqlite-'));

repositoryContract('SQLite (file)', {
  open: async () => new SqliteConnection(join(dir, 'var', 'data.db')),
  cleanup: async () => rmSync(dir, { recursive: true, force: true }),
});

repositoryContract('SQLite (memory)', { open: async () => new SqliteConnection(':memory:') });
