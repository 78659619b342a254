import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AsyncResource } from 'node:async_hooks';
import { readFile } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { AsyncContext } from './async-context.ts';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('AsyncContext', () => {
  it('holds its value during a run and not after it', () => {
    const context = new AsyncContext<string>();
    assert.equal(context.getStore(), undefined);
    assert.equal(context.run('a', () => context.getStore()), 'a');
    assert.equal(context.getStore(), undefined);
  });

  it('gives a nested run its own value and the outer one back after it', () => {
    const context = new AsyncContext<string>();
    context.run('outer', () => {
      assert.equal(context.run('inner', () => context.getStore()), 'inner');
      assert.equal(context.getStore(), 'outer');
    });
  });

  it('keeps two contexts apart, each seeing its own value inside the other', () => {
    const first = new AsyncContext<string>();
    const second = new AsyncContext<number>();
    first.run('one', () => {
      second.run(2, () => {
        assert.equal(first.getStore(), 'one');
        assert.equal(second.getStore(), 2);
      });
      assert.equal(second.getStore(), undefined);
    });
  });

  it('restores the outer value when the run throws', () => {
    const context = new AsyncContext<string>();
    context.run('outer', () => {
      assert.throws(() => context.run('inner', () => { throw new Error('boom'); }), /boom/);
      assert.equal(context.getStore(), 'outer');
    });
  });

  it('reaches timers, immediates, nextTicks and I/O callbacks a synchronous run started', async () => {
    const context = new AsyncContext<string>();
    const seen = await context.run('sync', () => Promise.all([
      new Promise((resolve) => setTimeout(() => resolve(context.getStore()), 1)),
      new Promise((resolve) => setImmediate(() => resolve(context.getStore()))),
      new Promise((resolve) => process.nextTick(() => resolve(context.getStore()))),
      new Promise((resolve) => readFile(import.meta.filename, () => resolve(context.getStore()))),
    ]));
    assert.deepEqual(seen, ['sync', 'sync', 'sync', 'sync']);
  });

  it('follows every await of an asynchronous run, through timers and I/O started along the way', async () => {
    const context = new AsyncContext<string>();
    const seen: Array<string | undefined> = [];
    const result = context.run('async', async () => {
      await tick();
      seen.push(context.getStore());
      await sleep(2);
      seen.push(context.getStore());
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push(await new Promise<string | undefined>((resolve) => readFile(import.meta.filename, () => resolve(context.getStore()))));
      return context.getStore();
    });
    assert.equal(context.getStore(), undefined, 'the caller is outside the run as soon as it returns');
    assert.equal(await result, 'async');
    assert.deepEqual(seen, ['async', 'async', 'async']);
  });

  it('keeps concurrent asynchronous runs apart', async () => {
    const context = new AsyncContext<number>();
    const runs = [1, 2, 3].map((n) => context.run(n, async () => {
      await sleep(4 - n);
      await tick();
      return context.getStore();
    }));
    assert.deepEqual(await Promise.all(runs), [1, 2, 3]);
  });

  it('passes a run\'s promise outcome through, rejection included', async () => {
    const context = new AsyncContext<string>();
    assert.equal(await context.run('x', async () => 42), 42);
    await assert.rejects(context.run('x', async () => { throw new Error('refused'); }), /refused/);
  });

  it('reaches an error thrown in a timer the run started, in the process handler', async () => {
    const context = new AsyncContext<string>();
    const listeners = process.listeners('uncaughtException');
    process.removeAllListeners('uncaughtException');
    try {
      const seen = new Promise((resolve) => process.once('uncaughtException', () => resolve(context.getStore())));
      void context.run('failing', async () => {
        setTimeout(() => { throw new Error('from a timer'); }, 1);
        await sleep(20);
      });
      assert.equal(await seen, 'failing');
    } finally {
      for (const listener of listeners) process.on('uncaughtException', listener);
    }
  });

  it('sees, inside an AsyncResource scope, the value of where that resource was made', () => {
    const context = new AsyncContext<string>();
    const outside = new AsyncResource('OUTSIDE');
    context.run('a', () => {
      const inside = new AsyncResource('INSIDE');
      assert.equal(outside.runInAsyncScope(() => context.getStore()), undefined);
      assert.equal(inside.runInAsyncScope(() => context.getStore()), 'a');
      assert.equal(context.getStore(), 'a');
    });
  });

  it('lets enterWith replace the value until the run ends', () => {
    const context = new AsyncContext<string>();
    context.run('first', () => {
      context.enterWith('second');
      assert.equal(context.getStore(), 'second');
    });
    assert.equal(context.getStore(), undefined);
  });

  it('lets enterWith outside any run set the value for what follows, callbacks included', async () => {
    const context = new AsyncContext<string>();
    // in a resource of its own, so the value stays out of the test runner's context
    const scope = new AsyncResource('TEST');
    const seen = await scope.runInAsyncScope(() => {
      context.enterWith('entered');
      assert.equal(context.getStore(), 'entered');
      return new Promise((resolve) => setTimeout(() => resolve(context.getStore()), 1));
    });
    assert.equal(seen, 'entered');
  });
});
