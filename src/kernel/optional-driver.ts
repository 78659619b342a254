import { createRequire } from 'node:module';
import { SluiceError } from '../exception/sluice-error.ts';

const require = createRequire(import.meta.url);

/** Why an application would install a driver that is an optional peer dependency of the package. */
const OPTIONAL: Record<string, string> = {
  'better-sqlite3': 'SQLite databases (sqlite: URLs)',
};

/**
 * A database or cache driver loaded when a service first needs it, not when its module
 * is imported: an application that never connects to PostgreSQL or Redis does not carry
 * their clients, each a sizeable share of a small server's resident memory. better-sqlite3 is an optional
 * peer dependency (a native module, built when no prebuilt binary can be fetched): an
 * application without SQLite installs without it, and one that asks for SQLite without
 * it is told what to install.
 */
export function loadDriver<T>(name: 'pg' | 'ioredis' | 'better-sqlite3'): T {
  try {
    return require(name) as T;
  } catch (error) {
    const purpose = OPTIONAL[name];
    if (purpose !== undefined && (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') {
      throw new SluiceError('SLUICE_MISSING_DRIVER', { purpose, name }, { cause: error });
    }
    throw error;
  }
}
