import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ListenerCall } from '../event-dispatcher/traceable-event-dispatcher.ts';
import { phasesOf } from './kernel-phases.ts';
import { serverTimingOf } from './server-timing.ts';

function call(event: string, listener: string, start: number, duration: number, called = true): ListenerCall {
  return { event, listener, priority: 0, called, duration, start, stoppedPropagation: false };
}

describe('phasesOf', () => {
  it('makes one phase of each dispatch, from its first listener\'s start to its last one\'s end', () => {
    const phases = phasesOf([call('kernel.request', 'A', 10, 1), call('kernel.request', 'B', 11, 2), call('kernel.response', 'C', 20, 1)]);
    assert.deepEqual(phases.map(({ event, start, end }) => ({ event, start, end })), [
      { event: 'kernel.request', start: 10, end: 13 },
      { event: 'kernel.response', start: 20, end: 21 },
    ]);
  });

  it('orders phases by start, though a nested dispatch is recorded before the one around it', () => {
    const phases = phasesOf([call('kernel.request', 'Sub', 15, 1), call('kernel.exception', 'Outer', 12, 10)]);
    assert.deepEqual(phases.map((p) => p.event), ['kernel.exception', 'kernel.request']);
  });

  it('splits two dispatches of the same event when a listener comes back', () => {
    assert.equal(phasesOf([call('app.tick', 'A', 1, 1), call('app.tick', 'A', 5, 1)]).length, 2);
  });

  it('leaves out listeners that were not called', () => {
    const [phase] = phasesOf([call('kernel.exception', 'A', 1, 1), call('kernel.exception', 'B', 0, 0, false)]);
    assert.deepEqual(phase!.calls.map((c) => c.listener), ['A']);
  });
});

describe('serverTimingOf', () => {
  it('adds up each event\'s phases and ends with the total', () => {
    const calls = [call('kernel.request', 'A', 10, 1.5), call('kernel.response', 'B', 20, 0.25), call('kernel.response', 'B', 30, 0.25)];
    assert.equal(serverTimingOf(calls, 40), 'kernel.request;dur=1.50, kernel.response;dur=0.50, total;dur=30.00');
  });

  it('is empty without calls', () => {
    assert.equal(serverTimingOf([]), '');
  });
});
