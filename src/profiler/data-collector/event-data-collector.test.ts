import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Response } from '../../http/response.ts';
import type { EventDispatcherInterface } from '../../event-dispatcher/event-dispatcher-interface.ts';
import { get, pageRoutes, PagesController, profiledKernel } from '../../web-profiler-bundle/test-support/profiled-kernel.ts';
import type { EventsData } from './event-data-collector.ts';
import type { TimeData } from './time-data-collector.ts';

describe('EventDataCollector', () => {
  it('lists the listeners called, in call order, with their priorities', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/')))).getCollector<EventsData>('events')!;
    assert.equal(data.requests.length, 1);
    const request = data.requests[0]!.called.filter((call) => call.event === 'kernel.request');
    assert.deepEqual(request.map((call) => call.priority), [...request.map((call) => call.priority)].sort((a, b) => b - a));
    assert.deepEqual(request[0], { ...request[0], listener: 'DebugHandlersListener::configure', priority: 2048 });
    const controller = data.requests[0]!.called.filter((call) => call.event === 'kernel.controller').map((call) => call.listener);
    assert.deepEqual(controller.slice(0, 2), ['RouterDataCollector::onKernelController', 'RequestDataCollector::onKernelController']);
  });

  it('gives each called listener its duration', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/')))).getCollector<EventsData>('events')!;
    assert.ok(data.requests[0]!.called.every((call) => call.duration >= 0));
  });

  it('shows both kernel.request passes of a 404: the request\'s and its error page\'s', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/bundles/app/images/events/missing.JPG', { referer: 'http://localhost/events' })))).getCollector<EventsData>('events')!;
    assert.deepEqual(data.requests.map((r) => r.isMain), [true, false]);
    const passes = data.requests.map((r) => r.called.filter((call) => call.event === 'kernel.request').map((call) => call.listener));
    assert.equal(passes[0]!.at(-1), 'RouterListener::onKernelRequest', 'the first pass ends where routing failed');
    assert.equal(passes[1]!.at(-1), 'LocaleListener::onKernelRequest', 'the second pass runs them all');
    assert.match(data.requests[1]!.label, /^sub-request GET \/bundles\/app\/images\/events\/missing\.JPG \(error_controller\)$/);
  });

  it('lists the listeners a request did not call', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/')))).getCollector<EventsData>('events')!;
    const notCalled = data.requests[0]!.notCalled.map((l) => `${l.event} ${l.listener}`);
    assert.ok(notCalled.includes('kernel.exception ErrorListener::onKernelException'));
    assert.ok(!notCalled.some((l) => l.startsWith('kernel.terminate')), 'kernel.terminate runs after the profile is complete');
  });

  it('lists the events dispatched that nobody listens to', async () => {
    class Notifying {
      dispatcher: EventDispatcherInterface | undefined;
      indexAction(): Response {
        void this.dispatcher!.dispatch({}, 'app.nobody_listens');
        return new Response('<html><body></body></html>');
      }
    }
    const controller = new Notifying();
    const app = profiledKernel({ routes: [{ name: 'notify', path: '/', controller: 'Notifying::indexAction' }, ...pageRoutes.slice(1)], controllers: { Notifying: controller, PagesController: new PagesController() } });
    app.kernel.boot();
    controller.dispatcher = app.kernel.dispatcher;
    const data = (await app.profileOf(await app.request(get('/')))).getCollector<EventsData>('events')!;
    assert.deepEqual(data.requests[0]!.orphaned, ['app.nobody_listens']);
  });

  it('reads back each listener with the same fields as it was recorded, the durations the timeline shows', async () => {
    const app = profiledKernel();
    const profile = await app.profileOf(await app.request(get('/bundles/app/images/events/missing.JPG')));
    const data = profile.getCollector<EventsData>('events')!;
    const stored = (await app.storage.read(profile.token))!.collectors['events'] as { requests: Array<{ called: unknown[] }> };
    assert.ok(stored.requests[0]!.called.every((call) => Array.isArray(call)), 'stored as arrays');
    for (const request of data.requests) {
      for (const call of request.called) assert.deepEqual(Object.keys(call), ['event', 'listener', 'priority', 'duration', 'stoppedPropagation']);
      for (const entry of request.notCalled) assert.deepEqual(Object.keys(entry), ['event', 'listener', 'priority']);
      assert.deepEqual(Object.keys(request), ['label', 'token', 'isMain', 'called', 'notCalled', 'orphaned']);
    }
    const timeline = profile.getCollector<TimeData>('time')!.phases.flatMap((phase) => phase.listeners);
    assert.deepEqual(timeline.map((call) => Object.keys(call)), timeline.map(() => ['listener', 'start', 'duration']));
    const durations = data.requests.flatMap((request) => request.called.map((call) => call.duration));
    assert.deepEqual([...timeline.map((call) => call.duration)].sort(), [...durations].sort());
  });

  it('reads listings a profile stored as objects as they are', async () => {
    const app = profiledKernel();
    app.kernel.boot();
    const collector = app.kernel.container.get('profiler').get('events')!;
    const whole = { requests: [{ label: 'GET /', token: 'abcdef', isMain: true, called: [{ event: 'e', listener: 'l', priority: 0, duration: 1, stoppedPropagation: false }], notCalled: [{ event: 'e', listener: 'm', priority: 1 }], orphaned: [] }] };
    assert.deepEqual(collector.expand!(whole, {}), whole);
    assert.deepEqual(collector.expand!({ error: 'Error: broken' }, {}), { error: 'Error: broken' });
  });
});
