import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createClient, type KernelBrowser, type TestResponse } from 'sluice/testing';
import { testApp, type TestApp } from '../test-support/app-test-kernel.ts';
import { projectDir } from '../create-kernel.ts';

const bundleImages = join(projectDir, 'src', 'app-bundle', 'Resources', 'public', 'images', 'events');
const jpeg = readFileSync(join(bundleImages, 'jazz-night.JPG'));
const json = (response: TestResponse): Record<string, unknown> => response.json<Record<string, unknown>>();
const valid = { title: 'Api test concert', venue: 'Main hall', startsAt: '2031-05-01T20:00:00Z', description: 'Loud.' };

describe('The events JSON API', () => {
  let app: TestApp;
  let browser: KernelBrowser;
  let token: string;
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse> =>
    browser.request(method, path, { headers: { 'content-type': 'application/json', ...headers }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const authorized = (method: string, path: string, body?: unknown): Promise<TestResponse> => send(method, path, body, { authorization: `Bearer ${token}` });

  before(async () => {
    app = testApp('test', { adminPassword: 'secret-pass', maxImageBytes: 64 * 1024 });
    browser = createClient(app.kernel);
    token = await app.kernel.container.get('app.access_tokens').create('admin');
  });

  after(async () => {
    await app.close();
  });

  it('lists the events a page at a time, dates in ISO 8601', async () => {
    const response = await browser.get('/api/events?perPage=2');
    assert.deepEqual([response.status, response.headers.get('Content-Type')], [200, 'application/json']);
    const page = json(response) as { items: { startsAt: string; title: string }[]; page: number; perPage: number; total: number };
    assert.deepEqual([page.items.length, page.page, page.perPage, page.total], [2, 1, 2, 3]);
    assert.match(page.items[0]!.startsAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.equal((json(await browser.get('/api/events?page=2&perPage=2')) as { items: unknown[] }).items.length, 1);
  });

  it('shows one event, and answers an unknown one with a 404 problem+json', async () => {
    assert.equal(json(await browser.get('/api/events/2')).title, 'Jazz night');
    const missing = await browser.get('/api/events/999');
    assert.deepEqual([missing.status, missing.headers.get('Content-Type')], [404, 'application/problem+json']);
  });

  it('refuses a write without a token: 401 problem+json with WWW-Authenticate: Bearer', async () => {
    const response = await send('POST', '/api/events', valid);
    assert.deepEqual([response.status, response.headers.get('WWW-Authenticate'), response.headers.get('Content-Type')], [401, 'Bearer', 'application/problem+json']);
  });

  it('answers a body missing the title with a 422 whose violations name it', async () => {
    const { title: _title, ...untitled } = valid;
    const before = app.lines().length;
    const response = await authorized('POST', '/api/events', untitled);
    assert.deepEqual([response.status, response.headers.get('Content-Type')], [422, 'application/problem+json']);
    assert.deepEqual((json(response).violations as { propertyPath: string }[]).map((v) => v.propertyPath), ['title']);
    assert.ok(app.lines().slice(before).some((line) => line.startsWith('request.INFO: Uncaught Exception ValidationFailedHttpException')));
    assert.ok(!app.lines().slice(before).some((line) => line.startsWith('request.ERROR')));
  });

  it('checks the title\'s length and the date', async () => {
    const response = await authorized('POST', '/api/events', { ...valid, title: 'x'.repeat(201), startsAt: 'next friday' });
    assert.deepEqual((json(response).violations as { propertyPath: string }[]).map((v) => v.propertyPath), ['title', 'startsAt']);
  });

  it('creates an event: 201 with Location, and the event reads back', async () => {
    const response = await authorized('POST', '/api/events', valid);
    assert.equal(response.status, 201);
    const location = response.headers.get('Location')!;
    assert.match(location, /^http:\/\/localhost\/api\/events\/\d+$/);
    const created = json(await browser.get(new URL(location).pathname));
    assert.deepEqual([created.title, created.startsAt, created.image], [valid.title, '2031-05-01T20:00:00.000Z', null]);
  });

  it('changes some fields with PATCH and deletes with DELETE (204)', async () => {
    const id = json(await authorized('POST', '/api/events', valid)).id as number;
    const patched = await authorized('PATCH', `/api/events/${id}`, { venue: 'Garden' });
    assert.deepEqual([patched.status, json(patched).venue, json(patched).title], [200, 'Garden', valid.title]);
    assert.equal((await send('DELETE', `/api/events/${id}`)).status, 401);
    assert.equal((await authorized('DELETE', `/api/events/${id}`)).status, 204);
    assert.equal((await browser.get(`/api/events/${id}`)).status, 404);
  });

  it('replaces a picture from a raw image/jpeg body (204), with the admin form\'s checks', async () => {
    const id = json(await authorized('POST', '/api/events', valid)).id as number;
    const put = (body: Buffer, type = 'image/jpeg') => browser.request('PUT', `/api/events/${id}/picture`, { headers: { 'content-type': type, authorization: `Bearer ${token}` }, body });
    assert.equal((await put(jpeg)).status, 204);
    const name = String(json(await browser.get(`/api/events/${id}`)).image);
    assert.match(name, /^api-test-concert-[0-9a-f]{8}\.JPG$/);
    assert.ok(readFileSync(join(app.kernel.varDir, 'uploads', 'pictures', name)).equals(jpeg), 'kept in the test app\'s upload directory');
    const notJpeg = await put(Buffer.from('GIF89a not a jpeg'));
    assert.deepEqual([notJpeg.status, (json(notJpeg).violations as { title: string }[])[0]!.title], [422, 'The image must be a JPEG file.']);
    assert.equal((await put(jpeg, 'image/png')).status, 415);
  });

  it('limits each token\'s writes (APP_API_WRITE_LIMIT a minute): past it a 429 problem+json with Retry-After and RateLimit-* headers', async () => {
    const limited = testApp('test', { adminPassword: 'secret-pass', apiWriteLimit: 2 });
    after(() => limited.close());
    const clock = { now: 5_000_000 };
    limited.kernel.container.get('rate_limiters').clock = () => clock.now;
    const client = createClient(limited.kernel);
    const tokens = limited.kernel.container.get('app.access_tokens');
    const [first, second] = [await tokens.create('admin'), await tokens.create('admin')];
    const write = (bearer: string): Promise<TestResponse> => client.request('POST', '/api/events', { headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: JSON.stringify(valid) });
    const accepted = [await write(first), await write(first)];
    assert.deepEqual(accepted.map((r) => [r.status, r.headers.get('RateLimit-Limit'), r.headers.get('RateLimit-Remaining')]), [[201, '2', '1'], [201, '2', '0']]);
    clock.now += 15_000;
    // a sliding window: the two writes weigh on the next minute too, until half of it has passed
    const refused = await write(first);
    assert.deepEqual([refused.status, refused.headers.get('Content-Type'), refused.headers.get('Retry-After'), refused.headers.get('RateLimit-Remaining')], [429, 'application/problem+json', '75', '0']);
    assert.equal((await write(second)).status, 201, 'another token has its own count');
    assert.equal((await client.request('GET', '/api/events')).headers.get('RateLimit-Limit'), undefined, 'reads are not limited');
  });

  it('answers in JSON whatever the Accept: its routes set _format json', async () => {
    const response = await browser.get('/api/events', { headers: { accept: 'text/html' } });
    assert.deepEqual([response.status, response.headers.get('Content-Type')], [200, 'application/json']);
  });

  it('describes itself as a valid OpenAPI 3.1 document at /api/doc.json', async () => {
    const response = await browser.get('/api/doc.json');
    const document = json(response) as { openapi: string; paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>> };
    assert.equal(document.openapi, '3.1.0');
    assert.deepEqual(Object.keys(document.paths['/api/events']!).sort(), ['get', 'post']);
    assert.ok(document.paths['/api/events']!.post!.security !== undefined);
    assert.ok(document.paths['/api/events/{id}/picture']!.put!.requestBody !== undefined);
    const result = await new Validator().validate(document);
    assert.deepEqual(result.errors, undefined);
    assert.equal(result.valid, true);
  });

  it('serves an API explorer page in debug, its script from node_modules rather than a CDN', async () => {
    const page = await browser.get('/api/doc');
    assert.equal(page.status, 200);
    const html = page.text();
    assert.match(html, /<script src="\/api\/doc\/standalone\.js"><\/script>/);
    assert.ok(!/https?:\/\//.test(html), 'no external URL');
    const script = await browser.get('/api/doc/standalone.js');
    assert.deepEqual([script.status, script.headers.get('Content-Type')], [200, 'text/javascript; charset=UTF-8']);
  });

  it('answers a CORS preflight from http://localhost:3000 with its origin, and one from https://evil.example with none', async () => {
    const preflight = (origin: string) => browser.request('OPTIONS', '/api/events', { headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } });
    const allowed = await preflight('http://localhost:3000');
    assert.deepEqual([allowed.status, allowed.headers.get('Access-Control-Allow-Origin'), allowed.headers.get('Access-Control-Allow-Headers')], [204, 'http://localhost:3000', 'content-type, authorization']);
    const refused = await preflight('https://evil.example');
    assert.equal(refused.headers.get('Access-Control-Allow-Origin'), undefined);
  });
});
