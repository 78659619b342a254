import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFrameworkConfig, type SessionConfigInput } from '../kernel/kernel-config.ts';
import { createSessionStore } from './create-session-store.ts';
import { MemorySessionStore } from './memory-session-store.ts';
import { FileSessionStore } from './file-session-store.ts';
import { RedisSessionStore } from './redis-session-store.ts';
import { Response } from '../http/response.ts';
import type { Session } from './session.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { Args } from '../decorators/args.ts';

const config = (session: SessionConfigInput) => resolveFrameworkConfig({ session }, 'test', true).session;

describe('createSessionStore', () => {
  it('keeps sessions in memory by default', () => {
    assert.ok(createSessionStore(config({}), '/app') instanceof MemorySessionStore);
  });

  it('puts the file store under the project directory, in var/sessions by default', () => {
    const store = createSessionStore(config({ store: 'file' }), '/app');
    assert.ok(store instanceof FileSessionStore);
    assert.equal(store.directory, join('/app', 'var', 'sessions'));
    assert.equal((createSessionStore(config({ store: 'file', savePath: '/srv/sessions' }), '/app') as FileSessionStore).directory, '/srv/sessions');
  });

  it('makes a Redis store with the configured prefix, connecting only on first use', async () => {
    const store = createSessionStore(config({ store: 'redis', redisPrefix: 'events:' }), '/app');
    assert.ok(store instanceof RedisSessionStore);
    assert.equal(store.prefix, 'events:');
    await store.close?.();
  });

  it('refuses a store it does not know, naming the ones it does', () => {
    assert.throws(() => createSessionStore({ ...config({}), store: 'mongo' as 'memory' }, '/app'), /Unknown session store "mongo": use memory, file or redis\./);
  });
});

describe('The file session store through the kernel', () => {
  class CounterController {
    @Args({ session: Object })
    async countAction(session: Session): Promise<Response> {
      const count = (await session.get<number>('count', 0))! + 1;
      await session.set('count', count);
      return new Response(String(count));
    }
  }
  const kernel = (savePath: string) =>
    new TestKernel({ routes: [{ name: 'count', path: '/count', controller: 'CounterController::countAction' }], controllers: { CounterController: new CounterController() }, config: { session: { store: 'file', savePath } } });

  it('keeps sessions across a restart of the application', async () => {
    const savePath = join(mkdtempSync(join(tmpdir(), 'sluice-app-')), 'var', 'sessions');
    const before = kernel(savePath);
    const response = await before.request(get('/count'));
    const cookie = String(response.headers.getCookies()[0]).split(';')[0]!;
    await before.shutdown();
    const after = kernel(savePath);
    assert.equal((await after.request(get('/count', { cookie }))).content, '2');
    assert.equal(readdirSync(savePath).length, 1);
    await after.shutdown();
  });
});
