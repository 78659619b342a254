import { isAbsolute, join } from 'node:path';
import type { SessionConfig } from '../kernel/kernel-config.ts';
import type { SessionStore } from './session-store.ts';
import { MemorySessionStore } from './memory-session-store.ts';
import { FileSessionStore } from './file-session-store.ts';
import { RedisSessionStore } from './redis-session-store.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/**
 * The store the configuration names; a relative file store path is under the project
 * directory, and one under `var/` under the kernel's var directory when it has its own.
 */
export function createSessionStore(config: SessionConfig, projectDir: string, varDir = join(projectDir, 'var')): SessionStore {
  switch (config.store) {
    case 'memory':
      return new MemorySessionStore();
    case 'file':
      return new FileSessionStore(fileStorePath(config.savePath, projectDir, varDir));
    case 'redis':
      return new RedisSessionStore({ url: config.redisUrl, prefix: config.redisPrefix });
    default:
      throw new SluiceError('SLUICE_UNKNOWN_SESSION_STORE', { store: String(config.store) });
  }
}

function fileStorePath(savePath: string, projectDir: string, varDir: string): string {
  if (isAbsolute(savePath)) return savePath;
  const parts = savePath.split(/[\\/]/);
  return parts[0] === 'var' ? join(varDir, ...parts.slice(1)) : join(projectDir, savePath);
}
