import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import type { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { JsonResponse } from '../http/json-response.ts';
import { RedirectResponse } from '../http/redirect-response.ts';
import { StreamedResponse } from '../http/streamed-response.ts';
import { parseBody, parseJson } from '../server/body-parser.ts';
import type { UploadedFile } from '../server/uploaded-file.ts';
import type { SessionLike } from '../security/session-like.ts';
import type { SecurityUser } from '../security/user/security-user.ts';
import { SecurityBundle } from '../security-bundle/security-bundle.ts';
import { PasswordHasher } from '../security/password/password-hasher.ts';
import { WebProfilerBundle } from '../web-profiler-bundle/web-profiler-bundle.ts';
import { FileProfilerStorage } from '../profiler/file-profiler-storage.ts';
import { createClient } from './kernel-browser.ts';
import { Args } from '../decorators/args.ts';

class ProbeController {
  pageAction(): Response {
    return new Response('<!DOCTYPE html><html><body><h1>Events</h1><ul><li class="event">Opening <b>night</b></li><li class="event">Jazz</li></ul><input type="hidden" name="_token" value="t0k"></body></html>');
  }

  @Args({ request: Object })
  async formAction(request: Request): Promise<Response> {
    await parseBody(request);
    const files = Object.fromEntries(await Promise.all([...request.files.keys()].map(async (name) => {
      const file = request.files.get(name) as UploadedFile;
      return [name, { name: file.name, type: file.type, text: (await file.bytes()).toString() }];
    })));
    return new JsonResponse({ method: request.method, form: request.form.all(), files, type: request.headers.get('content-type')?.split(';')[0] });
  }

  @Args({ request: Object })
  async jsonAction(request: Request): Promise<Response> {
    return new JsonResponse({ received: await parseJson(request), length: request.headers.get('content-length') });
  }

  @Args({ request: Object })
  queryAction(request: Request): Response {
    return new JsonResponse({ query: request.query.all(), header: request.headers.get('x-test') ?? null });
  }

  @Args({ request: Object })
  async counterAction(request: Request): Promise<Response> {
    const session = request.session as SessionLike;
    const count = ((await session.get('count')) as number | undefined ?? 0) + 1;
    await session.set('count', count);
    return new Response(String(count));
  }

  @Args({ request: Object })
  redirectAction(request: Request): Response {
    const hops = Number(request.query.get('hops') ?? 0);
    return new RedirectResponse(hops > 1 ? `/redirect?hops=${hops - 1}` : '/page', 302);
  }

  keepMethodAction(): Response {
    return new RedirectResponse('/form', 307);
  }

  @Args({ user: Object })
  meAction(user: SecurityUser): Response {
    return new Response(`Hello ${user.identifier}`);
  }

  streamAction(): Response {
    return new StreamedResponse((out) => {
      out.write('one, ');
      out.end('two');
    });
  }
}

const routes = [
  { name: 'page', path: '/page', controller: 'ProbeController::pageAction' },
  { name: 'form', path: '/form', controller: 'ProbeController::formAction', methods: ['POST', 'PUT'] },
  { name: 'json', path: '/json', controller: 'ProbeController::jsonAction', methods: ['POST'] },
  { name: 'query', path: '/query', controller: 'ProbeController::queryAction' },
  { name: 'counter', path: '/counter', controller: 'ProbeController::counterAction' },
  { name: 'redirect', path: '/redirect', controller: 'ProbeController::redirectAction' },
  { name: 'keep', path: '/keep', controller: 'ProbeController::keepMethodAction', methods: ['PUT'] },
  { name: 'me', path: '/me', controller: 'ProbeController::meAction', defaults: { _is_granted: [{ attributes: 'ROLE_USER' }] } },
  { name: 'stream', path: '/stream', controller: 'ProbeController::streamAction' },
];

/** Counts kernel.terminate, which the server runs after sending each response. */
class TerminateCounter extends Bundle {
  count = 0;

  override build(kernel: Kernel): void {
    kernel.dispatcher.addListener(KernelEvents.TERMINATE, Object.assign(() => void this.count++, { listenerName: 'TerminateCounter::onKernelTerminate' }));
  }
}

const hasher = new PasswordHasher({ cost: 4 });
const users = { ada: { password: await hasher.hash('ada-pass'), roles: ['ROLE_USER'] } };
const profiles = mkdtempSync(join(tmpdir(), 'sluice-client-profiles-'));

function kernel(debug = false, terminated = new TerminateCounter()): TestKernel {
  const bundles: Bundle[] = [new SecurityBundle({ users, passwordHasher: { cost: 4 }, httpBasic: true }), terminated];
  if (debug) bundles.unshift(new WebProfilerBundle({ storage: new FileProfilerStorage(profiles), tracing: false }));
  return new TestKernel({ debug, bundles, routes, controllers: { ProbeController: new ProbeController() } });
}

describe('The test client', () => {
  after(() => rmSync(profiles, { recursive: true, force: true }));

  it('sends a request through the kernel and reads status, headers and text', async () => {
    const page = await createClient(kernel()).request('GET', '/page');
    assert.equal(page.status, 200);
    assert.equal(page.header('content-type'), 'text/html; charset=UTF-8');
    assert.match(page.text(), /<h1>Events<\/h1>/);
  });

  it('queries the HTML with CSS selectors', async () => {
    const page = await createClient(kernel()).get('/page');
    assert.deepEqual(page.texts('li.event'), ['Opening night', 'Jazz']);
    assert.equal(page.select('li.event b').text(), 'night');
    assert.equal(page.select('input[name=_token]').attr('value'), 't0k');
    assert.equal(page.select('table').length, 0);
  });

  it('adds query parameters to the path\'s own and sends the given headers', async () => {
    const response = await createClient(kernel()).get('/query?a=1', { query: { b: 'two', c: ['x', 'y'] }, headers: { 'X-Test': 'yes' } });
    assert.deepEqual(response.json(), { query: { a: '1', b: 'two', c: ['x', 'y'] }, header: 'yes' });
  });

  it('sends JSON that parseJson reads, with its length', async () => {
    const response = await createClient(kernel()).post('/json', { json: { title: 'Fair', tags: ['a'] } });
    assert.deepEqual(response.json(), { received: { title: 'Fair', tags: ['a'] }, length: '29' });
  });

  it('sends a form that parseBody reads', async () => {
    const response = await createClient(kernel()).post('/form', { form: { title: 'Fair', tags: ['a', 'b'] } });
    assert.deepEqual(response.json(), { method: 'POST', form: { title: 'Fair', tags: ['a', 'b'] }, files: {}, type: 'application/x-www-form-urlencoded' });
  });

  it('sends files as multipart with the form\'s fields', async () => {
    const response = await createClient(kernel()).request('PUT', '/form', { form: { title: 'Fair' }, files: { image: { name: 'a.txt', type: 'text/plain', content: 'hello' } } });
    assert.deepEqual(response.json(), { method: 'PUT', form: { title: 'Fair' }, files: { image: { name: 'a.txt', type: 'text/plain', text: 'hello' } }, type: 'multipart/form-data' });
  });

  it('refuses two bodies in one request', async () => {
    await assert.rejects(createClient(kernel()).post('/json', { json: {}, form: {} }), /A request has one body: give json, form \(with files\), or body, not json and form\./);
  });

  it('says which body was not JSON', async () => {
    const page = await createClient(kernel()).get('/page');
    assert.throws(() => page.json(), { name: 'SluiceError', code: 'SLUICE_TEST_BODY_NOT_JSON', message: /^The response body \(status 200, text\/html; charset=UTF-8\) is not JSON: "<!DOCTYPE html>/ });
  });

  it('keeps the session cookie between requests, and a restarted client is a new visitor', async () => {
    const app = kernel();
    const client = createClient(app);
    assert.deepEqual([(await client.get('/counter')).text(), (await client.get('/counter')).text()], ['1', '2']);
    assert.deepEqual(Object.keys(client.cookies.all()), [app.config.session.cookie.name]);
    client.restart();
    assert.equal((await client.get('/counter')).text(), '1');
  });

  it('runs kernel.terminate after each request, as the server does', async () => {
    const counter = new TerminateCounter();
    const client = createClient(kernel(false, counter));
    await client.get('/page');
    await client.get('/missing');
    assert.equal(counter.count, 2);
  });

  it('writes a streamed body as the server would', async () => {
    assert.equal((await createClient(kernel()).get('/stream')).text(), 'one, two');
  });

  it('leaves redirects to followRedirect() by default, which answers with the target', async () => {
    const client = createClient(kernel());
    const redirect = await client.get('/redirect');
    assert.deepEqual([redirect.status, redirect.header('Location'), redirect.isRedirect], [302, '/page', true]);
    const page = await client.followRedirect();
    assert.equal(page.status, 200);
    assert.equal(client.lastRequest?.pathInfo, '/page');
    await assert.rejects(client.followRedirect(), { code: 'SLUICE_TEST_NOT_A_REDIRECT', message: 'followRedirect(): the last response is not a redirect (status 200).' });
  });

  it('follows redirects at once when asked, up to a limit', async () => {
    const client = createClient(kernel(), { followRedirects: true, maxRedirects: 3 });
    assert.equal((await client.get('/redirect?hops=3')).text().includes('<h1>Events</h1>'), true);
    await assert.rejects(client.get('/redirect?hops=5'), /more than 3 redirects in a row; the last went to \/redirect\?hops=1\./);
  });

  it('repeats the method and body on a 307', async () => {
    const client = createClient(kernel()).followRedirects();
    const response = await client.request('PUT', '/keep', { form: { a: '1' } });
    assert.deepEqual(response.json(), { method: 'PUT', form: { a: '1' }, files: {}, type: 'application/x-www-form-urlencoded' });
  });

  it('logs a user in through the session, as the login form would', async () => {
    const client = createClient(kernel());
    assert.equal((await client.get('/me')).status, 401);
    await client.loginUser('ada');
    const me = await client.get('/me');
    assert.deepEqual([me.status, me.text()], [200, 'Hello ada']);
  });

  it('refuses to log in a user the provider does not know', async () => {
    await assert.rejects(createClient(kernel()).loginUser('nobody'), { code: 'SLUICE_TEST_UNKNOWN_USER', message: 'loginUser(): the user provider knows no user "nobody".' });
  });

  it('gives the last request\'s profile: logs, listeners called and timeline', async () => {
    const client = createClient(kernel(true));
    const response = await client.get('/page');
    const profile = client.getProfile()!;
    assert.equal(profile.token, response.header('X-Debug-Token'));
    assert.equal(profile.statusCode, 200);
    assert.ok(profile.logLines().includes('request.INFO: Matched route "page".'));
    const called = profile.calledListeners().map((each) => `${each.event} ${each.listener}`);
    assert.ok(called.includes('kernel.request RouterListener::onKernelRequest'));
    assert.ok(profile.timeline().phases.some((phase) => phase.event === 'kernel.response'));
  });

  it('gives the last request\'s profile as the profiler\'s pages read it once stored', async () => {
    const app = kernel(true);
    const client = createClient(app);
    await client.get('/page');
    const profile = client.getProfile()!;
    const stored = await app.container.get('profiler').loadProfile(profile.token);
    for (const name of ['logs', 'events', 'time', 'exception']) assert.deepEqual(profile.profile.getCollector(name), stored!.getCollector(name), name);
    assert.ok(profile.logLines().some((line) => line.startsWith('event.DEBUG: Notified event "kernel.request"')));
  });

  it('has no profile when the kernel has no profiler', async () => {
    const client = createClient(kernel());
    assert.throws(() => client.getProfile(), /getProfile\(\): no request was made yet\./);
    await client.get('/page');
    assert.equal(client.getProfile(), undefined);
  });
});
