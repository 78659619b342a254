import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listenerName } from '../event-dispatcher/listener.ts';
import { Request } from '../http/request.ts';
import { get, profiledKernel } from './test-support/profiled-kernel.ts';

const missing = '/bundles/app/images/events/missing.JPG';

function listeners(app: ReturnType<typeof profiledKernel>, event: string): string[] {
  app.kernel.boot();
  const dispatcher = app.kernel.dispatcher;
  return dispatcher.getListeners(event).map((l) => `${listenerName(l)} ${dispatcher.getListenerPriority(event, l)}`);
}

describe('WebProfilerBundle', () => {
  it('registers the collectors on kernel.controller first, RouterDataCollector before RequestDataCollector', () => {
    assert.deepEqual(listeners(profiledKernel(), 'kernel.controller'), ['RouterDataCollector::onKernelController 0', 'RequestDataCollector::onKernelController 0']);
  });

  it('registers its kernel.response, kernel.exception and kernel.terminate listeners at the reference\'s priorities', () => {
    const app = profiledKernel();
    const response = listeners(app, 'kernel.response');
    for (const expected of ['RequestDataCollector::onKernelResponse 0', 'ProfilerListener::onKernelResponse -100', 'WebDebugToolbarListener::onKernelResponse -128']) assert.ok(response.includes(expected), expected);
    assert.ok(response.indexOf('RequestDataCollector::onKernelResponse 0') > response.indexOf('ResponseListener::onKernelResponse 0'));
    assert.deepEqual(listeners(app, 'kernel.exception').slice(0, 2), ['ErrorListener::logKernelException 0', 'ProfilerListener::onKernelException 0']);
    assert.deepEqual(listeners(app, 'kernel.terminate'), ['ProfilerListener::onKernelTerminate -1024']);
  });

  it('adds nothing to kernel.request', () => {
    assert.ok(listeners(profiledKernel(), 'kernel.request').every((l) => !/Profiler|Collector|Toolbar|Tracing/.test(l)));
  });

  it('does not exist in a kernel without debug: no listener, no route, no header', async () => {
    const app = profiledKernel({ debug: false });
    assert.deepEqual(listeners(app, 'kernel.controller'), []);
    assert.equal(app.kernel.container.has('profiler'), false);
    const response = await app.request(get('/'));
    assert.equal(response.headers.get('X-Debug-Token'), undefined);
    assert.equal((await app.request(get('/_profiler/'))).statusCode, 404);
  });

  it('names the request\'s and the error page\'s profiles on a 404, and links to the profile', async () => {
    const app = profiledKernel();
    const response = await app.request(get(missing, { referer: `http://localhost${missing}` }));
    const token = response.headers.get('X-Debug-Token')!;
    const previous = response.headers.get('X-Previous-Debug-Token')!;
    assert.match(token, /^[0-9a-f]{6}$/);
    assert.match(previous, /^[0-9a-f]{6}$/);
    assert.notEqual(token, previous);
    assert.equal(response.headers.get('X-Debug-Token-Link'), `http://localhost/_profiler/${token}`);
  });

  it('adds Server-Timing with the kernel phases to debug responses', async () => {
    const app = profiledKernel();
    const timing = (await app.request(get('/'))).headers.get('Server-Timing')!;
    assert.match(timing, /^kernel\.request;dur=\d+\.\d\d, kernel\.controller;dur=[\d.]+, kernel\.controller_arguments;dur=[\d.]+, kernel\.response;dur=[\d.]+, total;dur=[\d.]+$/);
  });

  it('answers the profile as JSON at /_profiler/{token}.json', async () => {
    const app = profiledKernel();
    const token = (await app.request(get(missing))).headers.get('X-Debug-Token')!;
    const json = await app.request(get(`/_profiler/${token}.json`));
    assert.equal(json.headers.get('Content-Type'), 'application/json');
    const data = JSON.parse(String(json.content)) as { token: string; statusCode: number; children: string[]; collectors: Record<string, unknown> };
    assert.equal(data.token, token);
    assert.equal(data.statusCode, 404);
    assert.equal(data.children.length, 1);
    assert.deepEqual(Object.keys(data.collectors), ['request', 'router', 'exception', 'events', 'logs', 'time', 'memory', 'db']);
  });

  it('shows each panel of a profile at /_profiler/{token}?panel=', async () => {
    const app = profiledKernel();
    const token = (await app.request(get(missing))).headers.get('X-Debug-Token')!;
    for (const [panel, marker] of [['request', 'Request headers'], ['router', 'class="route-traces"'], ['events', 'class="events called"'], ['logs', '<table class="logs"'], ['exception', 'NotFoundHttpException'], ['time', 'class="timeline"'], ['memory', 'Heap used']]) {
      const page = String((await app.request(get(`/_profiler/${token}?panel=${panel}`))).content);
      assert.ok(page.includes(marker), `${panel} shows ${marker}`);
      assert.ok(page.includes(`data-panel="${panel}" class="selected"`), `${panel} is selected`);
    }
  });

  it('opens the exception panel of a profile that has one, the request panel otherwise', async () => {
    const app = profiledKernel();
    const failing = (await app.request(get('/boom'))).headers.get('X-Debug-Token')!;
    const fine = (await app.request(get('/'))).headers.get('X-Debug-Token')!;
    assert.ok(String((await app.request(get(`/_profiler/${failing}`))).content).includes('data-panel="exception" class="selected"'));
    assert.ok(String((await app.request(get(`/_profiler/${fine}`))).content).includes('data-panel="request" class="selected"'));
  });

  it('lists recent profiles at /_profiler/ and searches them by method, URL, status and time', async () => {
    const app = profiledKernel();
    const home = (await app.request(get('/'))).headers.get('X-Debug-Token')!;
    const notFound = (await app.request(get(missing))).headers.get('X-Debug-Token')!;
    const tokens = async (query: string): Promise<string[]> => [...String((await app.request(get(`/_profiler/${query}`))).content).matchAll(/<tr data-token="([0-9a-f]+)">/g)].map((m) => m[1]!);
    assert.deepEqual(await tokens(''), [notFound, home]);
    assert.deepEqual(await tokens('?status=404'), [notFound]);
    assert.deepEqual(await tokens('?url=missing'), [notFound]);
    assert.deepEqual(await tokens('?method=POST'), []);
    assert.deepEqual(await tokens('?end=2000-01-01T00:00'), []);
  });

  it('opens the newest profile as /_profiler/latest', async () => {
    const app = profiledKernel();
    const token = (await app.request(get('/'))).headers.get('X-Debug-Token')!;
    assert.ok(String((await app.request(get('/_profiler/latest'))).content).includes(`data-token="${token}"`));
  });

  it('answers 404 for a token it does not know', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/_profiler/abcdef'));
    assert.equal(response.statusCode, 404);
    assert.ok(String(response.content).includes('Token &quot;abcdef&quot; was not found in the profiler storage.'));
  });

  it('keeps the 400 of a malformed path a 400, and profiles it', async () => {
    const app = profiledKernel();
    const response = await app.request(get('/events/%E0%A4%A'));
    assert.equal(response.statusCode, 400);
    assert.equal((await app.profileOf(response)).url, 'http://localhost/events/%E0%A4%A');
  });

  it('keeps the 400 of a forged Host a 400, linking to its profile relatively', async () => {
    const app = profiledKernel();
    const response = await app.request(Request.create('/', 'GET', { headers: { host: 'bad_host!' } }));
    assert.equal(response.statusCode, 400);
    assert.equal(response.headers.get('X-Debug-Token-Link'), `/_profiler/${response.headers.get('X-Debug-Token')}`);
  });

  it('answers only loopback clients by default', async () => {
    const app = profiledKernel();
    const remote = (path: string): Request => Request.create(`http://localhost${path}`, 'GET', { remoteAddress: '203.0.113.9' });
    assert.equal((await app.request(remote('/_profiler/'))).statusCode, 403);
    assert.equal((await app.request(Request.create('http://localhost/_profiler/', 'GET', { remoteAddress: '::1' }))).statusCode, 200);
    assert.equal((await app.request(Request.create('http://localhost/_profiler/', 'GET', { remoteAddress: '::ffff:127.0.0.1' }))).statusCode, 200);
  });

  it('answers other clients when configured to', async () => {
    const app = profiledKernel({ allowedClients: (ip) => ip.startsWith('10.') });
    assert.equal((await app.request(Request.create('http://localhost/_profiler/', 'GET', { remoteAddress: '10.1.2.3' }))).statusCode, 200);
    assert.equal((await app.request(Request.create('http://localhost/_profiler/', 'GET', { remoteAddress: '127.0.0.1' }))).statusCode, 403);
  });
});
