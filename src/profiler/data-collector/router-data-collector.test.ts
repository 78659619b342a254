import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, profiledKernel } from '../../web-profiler-bundle/test-support/profiled-kernel.ts';
import type { RouterData } from './router-data-collector.ts';

describe('RouterDataCollector', () => {
  it('records the matched route and the controller kernel.controller received', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/en/events/7')))).getCollector<RouterData>('router')!;
    assert.equal(data.route, 'event_show');
    assert.equal(data.controller, 'PagesController::showAction');
    assert.deepEqual(data.routeParams, { _locale: 'en', id: '7' });
    assert.equal(data.traces, null);
  });

  it('lists every route with why it did not match when no route answered', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/en/event/1')))).getCollector<RouterData>('router')!;
    assert.equal(data.route, null);
    const show = data.traces?.find((trace) => trace.name === 'event_show');
    assert.equal(show?.level, 'partial');
    assert.equal(show?.reason, 'Path "/en/event/1" does not match: "event" should be "events"');
    assert.equal(data.traces?.find((trace) => trace.name === 'home')?.level, 'none');
  });

  it('explains a 405 with the method that was refused', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/events/new')))).getCollector<RouterData>('router')!;
    assert.equal(data.traces?.find((trace) => trace.name === 'event_create')?.reason, 'Method "GET" does not match any of the required methods (POST)');
  });

  it('marks the error page\'s sub-request as not routed', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/en/event/1'));
    const sub = await app.load(response.headers.get('X-Previous-Debug-Token')!);
    const data = sub!.getCollector<RouterData>('router')!;
    assert.equal(data.routed, false);
    assert.equal(data.controller, 'ErrorController::__invoke');
    assert.equal(data.traces, null);
  });

  it('records where a redirect points', async () => {
    const app = profiledKernel();
    const data = (await app.profileOf(await app.request(get('/leave')))).getCollector<RouterData>('router')!;
    assert.equal(data.redirectTo, '/');
  });
});
