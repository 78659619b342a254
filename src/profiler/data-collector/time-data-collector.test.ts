import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, profiledKernel } from '../../web-profiler-bundle/test-support/profiled-kernel.ts';
import { TimeDataCollector, type TimeData } from './time-data-collector.ts';
import type { CollectContext, LateCollectContext } from './data-collector.ts';
import { Request } from '../../http/request.ts';
import type { ListenerCall, TraceableEventDispatcher } from '../../event-dispatcher/traceable-event-dispatcher.ts';
import { epochOf } from '../../tracing/kernel-phases.ts';
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

  it('starts the toolbar\'s time at the earliest listener the request called, not at one it skipped nor at the first recorded', () => {
    const call = (event: string, listener: string, start: number, called: boolean): ListenerCall => ({ event, listener, priority: 0, called, duration: called ? 0.5 : 0, start: called ? start : 0, stoppedPropagation: false });
    const request = {};
    // a skipped listener records start 0; the later dispatch's calls come first in the record
    const calls = [call('kernel.response', 'A::b', 12.25, true), call('kernel.response', 'C::d', 0, false), call('kernel.request', 'E::f', 3.5, true)];
    const dispatcher = { getCalls: (of?: object) => (of === request ? calls : []) } as unknown as TraceableEventDispatcher;
    const data = new TimeDataCollector(dispatcher).collect({ request } as unknown as CollectContext);
    assert.equal(data.startTime, epochOf(3.5));
    assert.ok(data.duration >= performance.now() - 3.5 - 1000 && data.duration <= performance.now() - 3.5);
    assert.deepEqual(data.phases, []);
  });

  it('starts the toolbar\'s time now when the request called no listener yet', () => {
    const dispatcher = { getCalls: () => [] } as unknown as TraceableEventDispatcher;
    const before = performance.now();
    const data = new TimeDataCollector(dispatcher).collect({ request: {} } as unknown as CollectContext);
    assert.ok(data.startTime >= epochOf(before) && data.startTime <= epochOf(performance.now()));
    assert.ok(data.duration >= 0 && data.duration <= performance.now() - before);
  });

  it('points to the Events panel\'s calls by their place among the called ones, and names each call itself when that list differs', () => {
    const call = (listener: string, start: number, called: boolean): ListenerCall => ({ event: 'kernel.request', listener, priority: 0, called, duration: called ? 0.5 : 0, start: called ? start : 0, stoppedPropagation: false });
    const request = new Request({ method: 'GET', url: '/', headers: { host: 'localhost' } });
    const calls = [call('A::b', 1, true), call('C::d', 2, true), call('E::f', 0, false)];
    const dispatcher = { getCalls: (of?: object) => (of === request ? calls : []) } as unknown as TraceableEventDispatcher;
    const collector = new TimeDataCollector(dispatcher);
    const late = (called: unknown[]): { phases: Array<{ listeners: unknown[] }> } => {
      const events = { requests: [{ label: 'GET /', token: 'a1', isMain: true, called, notCalled: [], orphaned: [] }] };
      const profile = { token: 'a1', collectors: new Map([['events', events]]) };
      return collector.lateCollect({ request, profile, tree: [{ request, profile }], isMain: true } as unknown as LateCollectContext) as unknown as { phases: Array<{ listeners: unknown[] }> };
    };
    assert.deepEqual(late([[], []]).phases[0]!.listeners, [[0, 0, 0], [0, 1, 1]]);
    assert.deepEqual(late([[]]).phases[0]!.listeners, [['A::b', 0, 0.5], ['C::d', 1, 0.5]]);
  });
});
