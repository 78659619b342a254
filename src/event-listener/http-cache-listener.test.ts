import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { HttpCacheListener } from './http-cache-listener.ts';
import { ControllerEvent } from '../event/controller-event.ts';
import { ResponseEvent } from '../event/response-event.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { callController, type Controller } from '../controller/controller.ts';
import { cacheConfiguration } from '../decorators/cache.ts';
import type { CacheConfiguration } from '../decorators/configuration.ts';

const kernel: HttpKernelInterface = { handle: async () => new Response() };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const updatedAt = new Date('2030-01-01T12:00:00Z');
const event = { id: 42, version: 7, updatedAt };

function request(cache: CacheConfiguration | undefined, headers: Record<string, string> = {}): Request {
  const req = Request.create('/events/42', 'GET', { headers });
  if (cache !== undefined) req.attributes.set('_cache', cacheConfiguration(cache));
  req.attributes.set('event', event);
  return req;
}

const controller: Controller = () => new Response('the event');

/** Runs both listener methods around the controller, as the kernel does. */
function handle(req: Request, answer: (r: Response) => void = () => {}, listener = new HttpCacheListener()): { response: Response; controllerEvent: ControllerEvent } {
  const controllerEvent = new ControllerEvent(kernel, controller, req, RequestType.MAIN);
  listener.onKernelController(controllerEvent);
  const response = callController(controllerEvent.controller, []) as Response;
  answer(response);
  const responseEvent = new ResponseEvent(kernel, req, RequestType.MAIN, response);
  listener.onKernelResponse(responseEvent);
  return { response: responseEvent.response, controllerEvent };
}

const cacheControl = (response: Response) => response.headers.cacheControlValue();

describe('HttpCacheListener', () => {
  it('adds the declared max-age, s-maxage and public to a 200', () => {
    assert.equal(cacheControl(handle(request({ maxage: 60, smaxage: 120, public: true })).response), 'max-age=60, public, s-maxage=120');
  });

  it('converts relative durations into seconds', () => {
    assert.equal(cacheControl(handle(request({ maxage: '1 hour', smaxage: '+1 day' })).response), 'max-age=3600, public, s-maxage=86400');
  });

  it('makes the response private for public: false', () => {
    assert.equal(cacheControl(handle(request({ maxage: 10, public: false })).response), 'max-age=10, private');
  });

  it('adds must-revalidate, max-stale, stale-while-revalidate and stale-if-error', () => {
    const { response } = handle(request({ mustRevalidate: true, maxStale: 5, staleWhileRevalidate: '1 minute', staleIfError: 600 }));
    assert.equal(cacheControl(response), 'max-stale=5, must-revalidate, stale-if-error=600, stale-while-revalidate=60, private');
  });

  it('keeps the directives and headers the controller set', () => {
    const { response } = handle(request({ maxage: 60, smaxage: 120, expires: '+1 day', vary: ['Accept'] }), (r) => {
      r.setMaxAge(5);
      r.headers.set('Expires', 'Thu, 01 Jan 2037 00:00:00 GMT');
      r.headers.set('Vary', 'Cookie');
    });
    assert.equal(cacheControl(response), 'max-age=5, public, s-maxage=120');
    assert.deepEqual([response.headers.get('Expires'), response.headers.get('Vary')], ['Thu, 01 Jan 2037 00:00:00 GMT', 'Cookie']);
  });

  it('sets Expires from a relative time and Vary from a list', () => {
    const before = Date.now();
    const { response } = handle(request({ expires: '+2 hours', vary: ['Accept', 'Accept-Language'] }));
    const expires = Date.parse(response.headers.get('Expires')!);
    assert.ok(Math.abs(expires - (before + 7_200_000)) < 2_000);
    assert.equal(response.headers.get('Vary'), 'Accept, Accept-Language');
  });

  it('leaves statuses caches must not store untouched', () => {
    for (const status of [201, 500]) {
      assert.equal(cacheControl(handle(request({ maxage: 60 }), (r) => r.setStatusCode(status)).response), 'no-cache, private');
    }
  });

  it('caches a 404 as the reference does', () => {
    assert.equal(cacheControl(handle(request({ maxage: 60 }), (r) => r.setStatusCode(404)).response), 'max-age=60, private');
  });

  it('tags the response with the SHA-256 of the declared etag value', () => {
    const { response } = handle(request({ etag: (attributes) => (attributes.event as typeof event).version }));
    assert.equal(response.getEtag(), `"${sha256('7')}"`);
  });

  it('reads Last-Modified from a dotted path of request attributes', () => {
    assert.equal(handle(request({ lastModified: 'event.updatedAt' })).response.headers.get('Last-Modified'), updatedAt.toUTCString());
  });

  it('keeps an ETag or Last-Modified the controller set', () => {
    const { response } = handle(request({ etag: 'event.version', lastModified: 'event.updatedAt' }), (r) => {
      r.setEtag('mine');
      r.setLastModified(new Date('2029-01-01T00:00:00Z'));
    });
    assert.deepEqual([response.getEtag(), response.headers.get('Last-Modified')], ['"mine"', 'Mon, 01 Jan 2029 00:00:00 GMT']);
  });

  it('answers a matching If-None-Match with a 304 instead of the controller, stopping propagation', () => {
    const req = request({ etag: 'event.version', maxage: 60 }, { 'If-None-Match': `"${sha256('7')}"` });
    const { response, controllerEvent } = handle(req);
    assert.equal(controllerEvent.isPropagationStopped(), true);
    assert.notEqual(controllerEvent.controller, controller);
    assert.deepEqual([response.statusCode, response.content, response.getEtag()], [304, '', `"${sha256('7')}"`]);
    assert.equal(cacheControl(response), 'max-age=60, private');
  });

  it('answers an If-Modified-Since not older than Last-Modified with a 304', () => {
    const req = request({ lastModified: 'event.updatedAt' }, { 'If-Modified-Since': updatedAt.toUTCString() });
    assert.equal(handle(req).response.statusCode, 304);
  });

  it('runs the controller when the resource changed since', () => {
    const req = request({ lastModified: 'event.updatedAt' }, { 'If-Modified-Since': 'Sat, 01 Jan 2000 00:00:00 GMT' });
    const { response, controllerEvent } = handle(req);
    assert.deepEqual([response.statusCode, response.content, controllerEvent.isPropagationStopped()], [200, 'the event', false]);
  });

  it('does nothing without a cache declaration', () => {
    const { response, controllerEvent } = handle(request(undefined, { 'If-None-Match': '*' }));
    assert.deepEqual([response.statusCode, cacheControl(response), controllerEvent.controller], [200, 'no-cache, private', controller]);
  });

  it('names the missing attribute of a dotted path', () => {
    assert.throws(() => handle(request({ etag: 'evnt.version' })), /Cannot evaluate "evnt\.version": the request has no attribute "evnt"/);
  });
});
