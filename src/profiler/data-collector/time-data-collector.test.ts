import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, profiledKernel } from '../../web-profiler-bundle/test-support/profiled-kernel.ts';
import type { TimeData } from './time-data-collector.ts';
import type { EventsData } from './event-data-collector.ts';

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

  it('points to the listener calls the Events panel\'s data keeps, and reads back their names and durations', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/bundles/app/images/events/missing.JPG'));
    const token = response.headers.get('X-Debug-Token')!;
    const stored = (await app.storage.read(token))!.collectors['time'] as { phases: Array<{ listeners: unknown[][] }> };
    assert.ok(stored.phases.flatMap((phase) => phase.listeners).every((entry) => entry.length === 3 && typeof entry[0] === 'number'), 'request, index and start');
    const profile = (await app.load(token))!;
    const events = profile.getCollector<EventsData>('events')!;
    const phases = profile.getCollector<TimeData>('time')!.phases;
    const subRequest = phases.find((phase) => phase.request.startsWith('sub-request') && phase.event === 'kernel.request')!;
    const subCalls = events.requests[1]!.called.filter((call) => call.event === 'kernel.request');
    assert.deepEqual(subRequest.listeners.map(({ listener, duration }) => ({ listener, duration })), subCalls.map(({ listener, duration }) => ({ listener, duration })));
  });

  it('keeps each phase\'s request as where the Events panel\'s data lists it, and reads back its label', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/bundles/app/images/events/missing.JPG'));
    const token = response.headers.get('X-Debug-Token')!;
    const stored = (await app.storage.read(token))!.collectors['time'] as { phases: Array<{ request: unknown }> };
    assert.deepEqual([...new Set(stored.phases.map((phase) => phase.request))].sort(), [0, 1]);
    const profile = (await app.load(token))!;
    const labels = profile.getCollector<EventsData>('events')!.requests.map((request) => request.label);
    assert.deepEqual(labels, ['GET /bundles/app/images/events/missing.JPG', 'sub-request GET /bundles/app/images/events/missing.JPG (error_controller)']);
    assert.deepEqual(profile.getCollector<TimeData>('time')!.phases.map((phase) => phase.request), stored.phases.map((phase) => labels[phase.request as number]));
  });

  it('reads a phase\'s request kept as a label as it is, and one kept as a place the events data does not have as none', async () => {
    const app = profiledKernel();
    app.kernel.boot();
    const collector = app.kernel.container.get('profiler').get('time')!;
    const phase = { event: 'kernel.request', start: 0, duration: 2, listeners: [] };
    const events = { requests: [{ label: 'GET /', token: 'abcdef', isMain: true, called: [], notCalled: [], orphaned: [] }] };
    assert.deepEqual(collector.expand!({ startTime: 1, duration: 2, phases: [{ request: 0, ...phase }, { request: 'GET /other', ...phase }] }, { events }), { startTime: 1, duration: 2, phases: [{ request: 'GET /', ...phase }, { request: 'GET /other', ...phase }] });
    assert.deepEqual(collector.expand!({ startTime: 1, duration: 2, phases: [{ request: 0, ...phase }] }, {}), { startTime: 1, duration: 2, phases: [{ request: '', ...phase }] });
  });

  it('reads listeners a profile keeps with their names and durations, or as objects, as they are', async () => {
    const app = profiledKernel();
    app.kernel.boot();
    const collector = app.kernel.container.get('profiler').get('time')!;
    const phase = { request: 'GET /', event: 'kernel.request', start: 0, duration: 2 };
    const listeners = [{ listener: 'A::b', start: 0, duration: 1 }, { listener: 'C::d', start: 1, duration: 1 }];
    assert.deepEqual(collector.expand!({ startTime: 1, duration: 2, phases: [{ ...phase, listeners: [['A::b', 0, 1], ['C::d', 1, 1]] }] }, {}), { startTime: 1, duration: 2, phases: [{ ...phase, listeners }] });
    assert.deepEqual(collector.expand!({ startTime: 1, duration: 2, phases: [{ ...phase, listeners }] }, {}), { startTime: 1, duration: 2, phases: [{ ...phase, listeners }] });
  });
});
