import { isAbsolute, join } from 'node:path';
import type { SessionConfig } from '../kernel/kernel-config.ts';
import type { SessionStore } from './session-store.ts';
import { MemorySessionStore } from './memory-session-store.ts';
import { FileSessionStore } from './file-session-store.ts';
import { RedisSessionStore } from './redis-session-store.ts';

/** The store the configuration names; a relative file store path is under the project directory. */
export function createSessionStore(config: SessionConfig, projectDir: string): SessionStore {
  switch (config.store) {
    case 'memory':
      return new MemorySessionStore();
    case 'file':
      return new FileSessionStore(isAbsolute(config.savePath) ? config.savePath : join(projectDir, config.savePath));
    case 'redis':
      return new RedisSessionStore({ url: config.redisUrl, prefix: config.redisPrefix });
    default:
      throw new TypeError(`Unknown session store "${String(config.store)}": use memory, file or redis.`);
  }
}
