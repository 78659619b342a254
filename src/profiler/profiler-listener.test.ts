import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get, profiledKernel } from '../web-profiler-bundle/test-support/profiled-kernel.ts';

describe('ProfilerListener', () => {
  it('stores a profile for each main request, named by X-Debug-Token', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/'));
    const profile = await app.profileOf(response);
    assert.equal(profile.url, 'http://localhost/');
    assert.equal(profile.statusCode, 200);
    assert.equal(profile.parentToken, null);
  });

  it('profiles the error page\'s sub-request and links it to the request\'s profile', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/bundles/app/images/events/missing.JPG'));
    const main = await app.profileOf(response);
    const subToken = response.headers.get('X-Previous-Debug-Token')!;
    assert.deepEqual(main.childTokens, [subToken]);
    assert.equal((await app.load(subToken))?.parentToken, main.token);
  });

  it('does not profile the profiler\'s own pages', async () => {
    const app = profiledKernel();
    const first = await app.request(get('/'));
    const page = await app.request(get(`/_profiler/${first.headers.get('X-Debug-Token')}`));
    const missing = await app.request(get('/_profiler/nothing1'));
    assert.equal(page.statusCode, 200);
    assert.equal(missing.statusCode, 404);
    assert.equal(page.headers.get('X-Debug-Token'), undefined);
    assert.equal(missing.headers.get('X-Debug-Token'), undefined);
    assert.equal((await app.storage.find({ includeSubRequests: true })).length, 1);
  });

  it('profiles nothing while the profiler is disabled', async () => {
    const app = profiledKernel();
    app.kernel.boot();
    app.kernel.container.get('profiler').disable();
    const response = await app.request(get('/'));
    assert.equal(response.headers.get('X-Debug-Token'), undefined);
    assert.deepEqual(await app.storage.find(), []);
  });

  it('is notified under the names and priorities the logs show', async () => {
    const app = profiledKernel();
    await app.request(get('/en/event/1'));
    const lines = app.kernel.lines();
    for (const line of [
      'event.DEBUG: Notified event "kernel.exception" to listener "ProfilerListener::onKernelException".',
      'event.DEBUG: Notified event "kernel.response" to listener "ProfilerListener::onKernelResponse".',
      'event.DEBUG: Notified event "kernel.terminate" to listener "ProfilerListener::onKernelTerminate".',
    ]) assert.ok(lines.includes(line), line);
  });

  it('gives the whole profile to a page asking for it as soon as the response is complete, before kernel.terminate has stored it', async () => {
    const app = profiledKernel();
    const request = get('/bundles/app/images/events/missing.JPG');
    const response = await app.kernel.handle(request);
    const token = response.headers.get('X-Debug-Token')!;
    const loading = app.load(token);
    const terminating = app.kernel.terminate(request, response);
    const profile = await loading;
    assert.equal(profile?.token, token);
    assert.ok((profile!.getCollector<{ entries: unknown[] }>('logs')?.entries.length ?? 0) > 0, 'late-collected data included');
    assert.equal(profile!.childTokens.length, 1);
    await terminating;
  });
});
