import { isAbsolute, join } from 'node:path';
import type { Connection } from './connection.ts';
import { SqliteConnection } from './sqlite-connection.ts';
import { PostgresConnection } from './postgres-connection.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/** The embedded default: a file under the project's `var/`. */
export const DEFAULT_DATABASE_URL = 'sqlite:var/data.db';

/**
 * Opens the database a URL names: `sqlite:<path>` (relative to the project directory),
 * `sqlite::memory:`, or `postgresql://user@host:port/database` (also `postgres://`);
 * a `?schema=name` query selects the PostgreSQL schema holding the tables.
 */
export function connectionFromUrl(url: string, projectDir: string): Connection {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (path === ':memory:' || path === '') return new SqliteConnection(':memory:');
    return new SqliteConnection(isAbsolute(path) ? path : join(projectDir, path));
  }
  if (url.startsWith('postgresql://') || url.startsWith('postgres://')) {
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema') ?? undefined;
    parsed.searchParams.delete('schema');
    return new PostgresConnection({ connectionString: parsed.toString(), ...(schema !== undefined && { schema }) });
  }
  throw new SluiceError('SLUICE_UNSUPPORTED_DATABASE_URL', { url });
}
