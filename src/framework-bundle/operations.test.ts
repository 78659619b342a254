import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { Response } from '../http/response.ts';
import { Request } from '../http/request.ts';
import { serveKernel } from '../server/serve-kernel.ts';
import { send } from '../server/test-support/http-client.ts';

class PageController {
  pageAction(): Response { return new Response('page'); }
  boomAction(): Response { throw new Error('boom'); }
}

const routes = [
  { name: 'page', path: '/page', controller: 'PageController::pageAction' },
  { name: 'boom', path: '/boom', controller: 'PageController::boomAction' },
];

function prodKernel(config = {}): TestKernel {
  return new TestKernel({ debug: false, routes, controllers: { PageController: new PageController() }, config });
}

/** The JSON lines a prod kernel wrote to its var/log/prod.jsonl, after shutting it down. */
async function writtenLines(kernel: TestKernel): Promise<Record<string, unknown>[]> {
  await kernel.shutdown();
  return readFileSync(join(kernel.logDir, 'prod.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids and the access log', () => {
  it('gives every response an X-Request-Id, and the access entry of that request the same id in extra.request_id', async () => {
    const kernel = prodKernel({ log: { format: 'jsonl' } });
    const response = await kernel.request(get('/page'));
    const id = response.headers.get('x-request-id');
    assert.match(String(id), uuid);
    const [line] = await writtenLines(kernel);
    assert.deepEqual(line!['extra'], { request_id: id });
    assert.equal(line!['channel'], 'request');
    assert.equal(line!['level'], 'INFO');
    assert.match(String(line!['time']), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual({ ...(line!['context'] as object), duration_ms: 0 }, { method: 'GET', uri: '/page', status: 200, duration_ms: 0, client_ip: '127.0.0.1' });
  });

  it('puts the id into every entry of a request whose error makes the prod buffer write', async () => {
    const kernel = prodKernel({ log: { format: 'jsonl' } });
    const response = await kernel.request(get('/boom'));
    const lines = await writtenLines(kernel);
    const id = response.headers.get('x-request-id');
    assert.ok(lines.length > 2, 'the buffered entries, the error and the access entry');
    const error = lines.find((line) => line['level'] === 'CRITICAL')!;
    assert.equal(((error['context'] as Record<string, Record<string, unknown>>)['exception']!)['class'], 'Error', 'the exception whole, not {}');
    for (const line of lines) assert.deepEqual(line['extra'], { request_id: id });
  });

  it('takes the id a trusted proxy sends, and makes its own for anyone else', async () => {
    const kernel = prodKernel({ trustedProxies: ['10.0.0.0/8'] });
    const fromProxy = Request.create('http://localhost/page', 'GET', { headers: { 'x-request-id': 'lb-1234' }, remoteAddress: '10.1.2.3' });
    assert.equal((await kernel.request(fromProxy)).headers.get('x-request-id'), 'lb-1234');
    const fromClient = Request.create('http://localhost/page', 'GET', { headers: { 'x-request-id': 'chosen-by-client' }, remoteAddress: '203.0.113.9' });
    assert.match(String((await kernel.request(fromClient)).headers.get('x-request-id')), uuid);
    const forged = Request.create('http://localhost/page', 'GET', { headers: { 'x-request-id': 'bad\nline' }, remoteAddress: '10.1.2.3' });
    assert.match(String((await kernel.request(forged)).headers.get('x-request-id')), uuid, 'an id that could forge a log line is replaced');
    await kernel.shutdown();
  });

  it('keeps a malformed request with a 15,000-character path under 4 KB of log when its class is mapped to WARNING', async () => {
    const kernel = prodKernel({ log: { format: 'jsonl' }, exceptions: { BadRequestHttpException: { logLevel: 'warning' } } });
    const response = await kernel.request(get(`/%zz${'a'.repeat(15_000)}`));
    assert.equal(response.statusCode, 400);
    await kernel.shutdown();
    const written = readFileSync(join(kernel.logDir, 'prod.jsonl'), 'utf8');
    assert.ok(written.length < 4096, `${written.length} bytes written`);
    assert.equal(written.trimEnd().split('\n').length, 1, 'the access entry only: a warning does not make the prod buffer write');
  });

  it('logs and answers an exception class with the level and status it is mapped to', async () => {
    class QuotaExceeded extends Error {}
    const kernel = new TestKernel({
      debug: false,
      routes: [{ name: 'quota', path: '/quota', controller: 'Quota::run' }],
      controllers: { Quota: { run: () => { throw new QuotaExceeded('over quota'); } } },
      config: { exceptions: { Error: { logLevel: 'notice' }, QuotaExceeded: { logLevel: 'warning', statusCode: 429 } } },
    });
    const response = await kernel.request(get('/quota'));
    assert.equal(response.statusCode, 429);
    assert.ok(kernel.lines().some((line) => line.startsWith('request.WARNING: Uncaught Exception QuotaExceeded: "over quota" at src/framework-bundle/operations.test.ts line ')));
    await kernel.shutdown();
  });

  it('echoes the id over a real socket', async () => {
    const kernel = prodKernel({ log: { format: 'jsonl' } });
    const running = await serveKernel(kernel, { port: 0, installAssets: false, staticFilesRefreshMs: 0 });
    try {
      const reply = await send(running.address.port, '/page');
      assert.equal(reply.status, 200);
      assert.match(String(reply.headers['x-request-id']), uuid);
    } finally {
      await running.stop(100);
    }
  });

  it('writes no access entry in debug, where the logs of a request are the reference\'s', async () => {
    const kernel = new TestKernel({ routes, controllers: { PageController: new PageController() } });
    await kernel.request(get('/page'));
    assert.ok(!kernel.lines().some((line) => line.includes('answered 200')));
    await kernel.shutdown();
  });
});

describe('security headers', () => {
  class HtmlController {
    pageAction(): Response { return new Response('<p>hi</p>', 200, { 'Content-Type': 'text/html; charset=UTF-8' }); }
    jsonAction(): Response { return new Response('{}', 200, { 'Content-Type': 'application/json' }); }
    ownAction(): Response { return new Response('<p>own</p>', 200, { 'Content-Type': 'text/html', 'Content-Security-Policy': "default-src 'self'" }); }
  }
  const htmlRoutes = [
    { name: 'html', path: '/html', controller: 'Html::pageAction' },
    { name: 'own', path: '/own', controller: 'Html::ownAction' },
    { name: 'json', path: '/json', controller: 'Html::jsonAction' },
  ];

  it('sends nosniff and a Referrer-Policy on every response, and a CSP forbidding framing on HTML ones', async () => {
    const kernel = new TestKernel({ debug: false, routes: [...routes, ...htmlRoutes], controllers: { PageController: new PageController(), Html: new HtmlController() } });
    const html = await kernel.request(get('/html'));
    assert.equal(html.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(html.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.match(String(html.headers.get('content-security-policy')), /frame-ancestors 'none'/);
    assert.equal(html.headers.get('x-frame-options'), 'DENY');
    const text = await kernel.request(get('/json'));
    assert.equal(text.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(text.headers.get('content-security-policy'), undefined, 'no CSP on what is not a page');
    assert.equal((await kernel.request(get('/own'))).headers.get('content-security-policy'), "default-src 'self'", 'a policy the page set wins');
    assert.equal(html.headers.get('strict-transport-security'), undefined, 'no HSTS over plain HTTP');
    const secure = await kernel.request(Request.create('https://localhost/html'));
    assert.equal(secure.headers.get('strict-transport-security'), 'max-age=31536000');
    assert.match(String((await kernel.request(get('/nowhere'))).headers.get('content-security-policy')), /frame-ancestors/, 'error pages too');
    await kernel.shutdown();
  });

  it('leaves out what the configuration turns off', async () => {
    const kernel = new TestKernel({ debug: false, routes: htmlRoutes, controllers: { Html: new HtmlController() }, config: { securityHeaders: { hsts: false, contentSecurityPolicy: false } } });
    const secure = await kernel.request(Request.create('https://localhost/html'));
    assert.equal(secure.headers.get('strict-transport-security'), undefined);
    assert.equal(secure.headers.get('content-security-policy'), undefined);
    assert.equal(secure.headers.get('x-content-type-options'), 'nosniff');
    await kernel.shutdown();
  });
});
