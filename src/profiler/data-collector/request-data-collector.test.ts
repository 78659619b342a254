import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Request } from '../../http/request.ts';
import type { Response } from '../../http/response.ts';
import { get, profiledKernel } from '../../web-profiler-bundle/test-support/profiled-kernel.ts';
import { REDIRECT_COOKIE, type RequestData } from './request-data-collector.ts';

const pagesFile = 'src/web-profiler-bundle/test-support/profiled-kernel.ts';
const homeLine = readFileSync(pagesFile, 'utf8').split('\n').findIndex((line) => line.includes('homeAction(): Response {')) + 1;

async function requestData(request: Request): Promise<{ data: RequestData; response: Response }> {
  const app = profiledKernel();
  const response = await app.request(request);
  return { data: (await app.profileOf(response)).getCollector<RequestData>('request')!, response };
}

describe('RequestDataCollector', () => {
  it('records the method, URL, path, query, headers and cookies of the request', async () => {
    const request = Request.create('http://localhost/en/events/42?sort=date', 'GET', { headers: { cookie: 'theme=dark', 'accept-language': 'fr' } });
    const { data } = await requestData(request);
    assert.equal(data.method, 'GET');
    assert.equal(data.url, 'http://localhost/en/events/42?sort=date');
    assert.equal(data.path, '/en/events/42');
    assert.deepEqual(data.query, { sort: 'date' });
    assert.equal(data.requestHeaders['accept-language'], 'fr');
    assert.deepEqual(data.cookies, { theme: 'dark' });
  });

  it('records the route, its parameters and the request attributes', async () => {
    const { data } = await requestData(get('/en/events/42'));
    assert.equal(data.route, 'event_show');
    assert.deepEqual(data.routeParams, { _locale: 'en', id: '42' });
    assert.equal((data.attributes as Record<string, unknown>)._controller, 'PagesController::showAction');
  });

  it('records the request id, the one the response echoes in X-Request-Id', async () => {
    const { data, response } = await requestData(get('/api/events'));
    assert.match(data.requestId, /^[0-9a-f-]{36}$/);
    assert.equal(response.headers.get('x-request-id'), data.requestId);
  });

  it('records the response status and headers', async () => {
    const { data } = await requestData(get('/api/events'));
    assert.equal(data.statusCode, 200);
    assert.equal(data.statusText, 'OK');
    assert.equal(data.contentType, 'application/json');
    assert.deepEqual(data.responseHeaders['Content-Type'], ['application/json']);
  });

  it('records the controller kernel.controller received, with the file and line it is defined at', async () => {
    const { data } = await requestData(get('/'));
    assert.equal(data.controller?.name, 'PagesController::homeAction');
    assert.equal(data.controller?.file, pagesFile);
    assert.equal(data.controller?.line, homeLine);
  });

  it('records no controller for a request no route answered', async () => {
    const { data } = await requestData(get('/bundles/app/images/events/missing.JPG'));
    assert.equal(data.controller, null);
    assert.equal(data.statusCode, 404);
  });

  it('records the session data of a request that used its session', async () => {
    const { data } = await requestData(get('/basket'));
    assert.deepEqual(data.session, { basket: [1, 2] });
  });

  it('leaves a session the request did not use unstarted, and the response public', async () => {
    const { data, response } = await requestData(get('/'));
    assert.equal(data.session, null);
    assert.ok(!response.headers.hasCacheControlDirective('must-revalidate'), 'the profiler did not use the session');
  });

  it('leaves the details of a redirect in a cookie, with the redirect\'s profile token', async () => {
    const { data, response } = await requestData(get('/leave'));
    const cookie = response.headers.getCookies().find((each) => each.name === REDIRECT_COOKIE);
    assert.ok(cookie, 'the redirect sets the cookie');
    assert.deepEqual(JSON.parse(cookie.value), { token: response.headers.get('X-Debug-Token'), route: 'leave', method: 'GET', controller: 'PagesController::leaveAction', statusCode: 302 });
    assert.equal(data.redirect, null);
  });

  it('shows the request that follows a redirect where it came from, and clears the cookie', async () => {
    const redirect = { token: 'abc123', route: 'leave', method: 'GET', controller: 'PagesController::leaveAction', statusCode: 302 };
    const { data, response } = await requestData(get('/', { cookie: `${REDIRECT_COOKIE}=${encodeURIComponent(JSON.stringify(redirect))}` }));
    assert.deepEqual(data.redirect, redirect);
    assert.ok(response.headers.getCookies().find((each) => each.name === REDIRECT_COOKIE)?.isCleared);
  });
});
