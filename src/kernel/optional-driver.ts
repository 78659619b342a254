import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A database or cache driver loaded when a service first needs it, not when its module
 * is imported: an application that never connects to PostgreSQL or Redis does not carry
 * their clients (about 15 MB of resident memory each).
 */
export function loadDriver<T>(name: 'pg' | 'ioredis'): T {
  return require(name) as T;
}
