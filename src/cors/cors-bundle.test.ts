import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { Response } from '../http/response.ts';
import { listen } from '../server/test-support/listen.ts';
import { CorsBundle } from './cors-bundle.ts';

const local = /^https?:\/\/(localhost|127\.0\.0\.1)(:[0-9]+)?$/;
const kernel = new TestKernel({
  bundles: [new CorsBundle({ paths: { '^/api/': { allowOrigin: [local], allowHeaders: ['Content-Type', 'Authorization'], exposeHeaders: ['Location'], maxAge: 3600, allowCredentials: true } } })],
  controllers: { Api: { list: () => new Response('[]', 200, { 'Content-Type': 'application/json' }) } },
  routes: [
    { name: 'list', path: '/api/events', methods: ['GET'], controller: 'Api::list' },
    { name: 'page', path: '/page', methods: ['GET'], controller: 'Api::list' },
  ],
});

const preflight = (origin: string, method = 'POST', headers = 'content-type, authorization', path = '/api/events') =>
  get(path, { origin, 'access-control-request-method': method, 'access-control-request-headers': headers }, 'OPTIONS');

describe('CORS preflights', () => {
  it('answer an allowed origin with its name, the methods, headers and max-age, before routing', async () => {
    kernel.boot();
    const before = kernel.logs.records.length;
    const response = await kernel.request(preflight('http://localhost:3000'));
    assert.equal(response.statusCode, 204);
    assert.deepEqual(
      ['Access-Control-Allow-Origin', 'Access-Control-Allow-Credentials', 'Access-Control-Allow-Methods', 'Access-Control-Allow-Headers', 'Access-Control-Max-Age', 'Vary'].map((name) => response.headers.get(name)),
      ['http://localhost:3000', 'true', 'GET, POST, PUT, PATCH, DELETE', 'content-type, authorization', '3600', 'Origin'],
    );
    assert.equal(kernel.logs.records.length, before, 'no kernel event ran, nothing was logged');
  });

  it('give a disallowed origin no CORS header at all', async () => {
    const response = await kernel.request(preflight('https://evil.example'));
    assert.equal(response.statusCode, 204);
    assert.deepEqual(Object.keys(response.headers.toNodeHeaders()).filter((name) => name.toLowerCase().startsWith('access-control-')), []);
  });

  it('refuse a method not allowed (405) and a header not allowed (400)', async () => {
    assert.equal((await kernel.request(preflight('http://localhost:3000', 'PROPFIND'))).statusCode, 405);
    const header = await kernel.request(preflight('http://localhost:3000', 'POST', 'x-secret'));
    assert.deepEqual([header.statusCode, header.content], [400, 'Unauthorized header x-secret']);
  });

  it('leave paths without a rule to the kernel', async () => {
    assert.equal((await kernel.request(preflight('http://localhost:3000', 'GET', '', '/page'))).statusCode, 405);
  });

  it('add no kernel.request listener', () => {
    const plain = new TestKernel();
    plain.boot();
    assert.equal(kernel.dispatcher.getListeners('kernel.request').length, plain.dispatcher.getListeners('kernel.request').length);
  });
});

describe('CORS on actual requests', () => {
  it('adds Allow-Origin, credentials, exposed headers and Vary: Origin for an allowed origin', async () => {
    const response = await kernel.request(get('/api/events', { origin: 'http://127.0.0.1:5173' }));
    assert.deepEqual(['Access-Control-Allow-Origin', 'Access-Control-Allow-Credentials', 'Access-Control-Expose-Headers', 'Vary'].map((name) => response.headers.get(name)), ['http://127.0.0.1:5173', 'true', 'Location', 'Origin']);
  });

  it('adds only Vary: Origin for a disallowed one', async () => {
    const response = await kernel.request(get('/api/events', { origin: 'https://evil.example' }));
    assert.deepEqual([response.headers.get('Access-Control-Allow-Origin'), response.headers.get('Vary')], [undefined, 'Origin']);
  });
});

describe('CORS over a real socket', () => {
  const server = listen(kernel);
  after(async () => (await server).close());

  it('answers a preflight from http://localhost:3000 and none from https://evil.example', async () => {
    const { port } = await server;
    const ask = (origin: string) => fetch(`http://127.0.0.1:${port}/api/events`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const allowed = await ask('http://localhost:3000');
    assert.deepEqual([allowed.status, allowed.headers.get('access-control-allow-origin')], [204, 'http://localhost:3000']);
    const refused = await ask('https://evil.example');
    assert.deepEqual([refused.status, refused.headers.get('access-control-allow-origin')], [204, null]);
  });
});
