import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, profiledKernel } from '../../web-profiler-bundle/test-support/profiled-kernel.ts';
import type { TimeData } from './time-data-collector.ts';

describe('TimeDataCollector', () => {
  it('lays out the kernel phases of the request in the order they started', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/')))).getCollector<TimeData>('time')!;
    assert.deepEqual(data.phases.map((p) => p.event), ['kernel.request', 'kernel.controller', 'kernel.controller_arguments', 'kernel.response', 'kernel.finish_request']);
    const starts = data.phases.map((p) => p.start);
    assert.deepEqual(starts, [...starts].sort((a, b) => a - b));
    assert.equal(starts[0], 0);
  });

  it('places each listener call inside its phase', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/')))).getCollector<TimeData>('time')!;
    for (const phase of data.phases) {
      for (const call of phase.listeners) {
        assert.ok(call.start >= phase.start - 1e-6 && call.start + call.duration <= phase.start + phase.duration + 1e-6, `${call.listener} within ${phase.event}`);
      }
    }
    assert.equal(data.phases[0]!.listeners[0]!.listener, 'DebugHandlersListener::configure');
  });

  it('covers the sub-request of an error page inside the request\'s kernel.exception', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/en/event/1')))).getCollector<TimeData>('time')!;
    const exception = data.phases.find((p) => p.event === 'kernel.exception')!;
    const subRequest = data.phases.find((p) => p.event === 'kernel.request' && p.request.startsWith('sub-request'))!;
    assert.ok(subRequest.start >= exception.start && subRequest.start <= exception.start + exception.duration);
  });

  it('measures the whole request: at least as long as its phases', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/')))).getCollector<TimeData>('time')!;
    const last = data.phases.at(-1)!;
    assert.ok(Math.abs(data.duration - (last.start + last.duration)) < 1e-6);
    assert.ok(Math.abs(data.startTime - Date.now()) < 60_000);
  });
});
