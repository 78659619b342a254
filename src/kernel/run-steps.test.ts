import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runSteps, type Steps } from './run-steps.ts';

function* adds(first: unknown, second: unknown): Steps<number> {
  const a = (yield first) as number;
  const b = (yield second) as number;
  return a + b;
}

describe('runSteps', () => {
  it('finishes steps that yield plain values in the same call, without a promise', () => {
    assert.equal(runSteps(adds(1, 2)), 3);
  });

  it('awaits a yielded promise and hands its value back to the steps', async () => {
    const answer = runSteps(adds(1, Promise.resolve(2)));
    assert.ok(answer instanceof Promise);
    assert.equal(await answer, 3);
  });

  it('goes on with plain values after the first promise', async () => {
    assert.equal(await runSteps(adds(Promise.resolve(1), 2)), 3);
  });

  it('throws a rejection into the steps at their yield, where they can catch it', async () => {
    function* recovers(): Steps<string> {
      try {
        yield Promise.reject(new Error('lost'));
        return 'unreachable';
      } catch (error) {
        return `caught ${(error as Error).message}`;
      }
    }
    assert.equal(await runSteps(recovers()), 'caught lost');
  });

  it('throws what synchronous steps throw, and rejects with what they throw after a promise', async () => {
    function* fails(pending: unknown): Steps<never> {
      yield pending;
      throw new Error('broken');
    }
    assert.throws(() => runSteps(fails(1)), /broken/);
    await assert.rejects(Promise.resolve(runSteps(fails(Promise.resolve()))), /broken/);
  });
});
