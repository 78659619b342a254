import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RequestStack } from '../../http/request-stack.ts';
import { DatabaseDataCollector, MAX_QUERIES } from './database-data-collector.ts';
import type { CollectContext } from './data-collector.ts';

const collected = (collector: DatabaseDataCollector, request: object) => collector.collect({ request } as unknown as CollectContext);

describe('DatabaseDataCollector', () => {
  it('gives each request the queries sent while it was handled, even when requests overlap', async () => {
    const stack = new RequestStack();
    const collector = new DatabaseDataCollector(stack);
    const [first, second] = [{}, {}];
    const handle = (request: object, sql: string, params: unknown[]) => stack.runMain(request, async () => {
      const end = collector.start(sql, params, 'postgresql');
      await new Promise((resolve) => setImmediate(resolve));
      end();
    });
    await Promise.all([handle(first, 'SELECT 1', [1]), handle(second, 'SELECT 2', [2])]);
    const data = collected(collector, first);
    assert.deepEqual(data.queries.map((query) => [query.sql, query.params, query.driver]), [['SELECT 1', [1], 'postgresql']]);
    assert.equal(data.count, 1);
    assert.ok(data.queries[0]!.durationMs! >= 0);
    assert.equal(collected(collector, second).queries[0]!.sql, 'SELECT 2');
  });

  it('keeps no query made outside a request (boot, commands)', () => {
    const collector = new DatabaseDataCollector(new RequestStack());
    collector.start('SELECT 1', [], 'sqlite')();
    assert.equal(collected(collector, {}).count, 0);
  });

  it('records errors, shows binary parameters by size, and counts past the queries it keeps', () => {
    const stack = new RequestStack();
    const collector = new DatabaseDataCollector(stack);
    const request = {};
    stack.runMain(request, () => {
      collector.start('INSERT INTO picture VALUES ($1, $2)', ['a.JPG', Buffer.alloc(2048)], 'postgresql')(new Error('duplicate key'));
      for (let i = 0; i < MAX_QUERIES + 5; i++) collector.start('SELECT ?', [i], 'sqlite')();
    });
    const data = collected(collector, request);
    assert.deepEqual(data.queries[0]!.params, ['a.JPG', '<binary 2048 bytes>']);
    assert.equal(data.queries[0]!.error, 'duplicate key');
    assert.deepEqual([data.queries.length, data.count, data.errors], [MAX_QUERIES, MAX_QUERIES + 6, 1]);
  });
});
