import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { ResponseEvent } from '../event/response-event.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { ResponseListener } from './response-listener.ts';

const kernel: HttpKernelInterface = { handle: async () => new Response() };

function respond(response: Response, request = Request.create('/'), type: RequestType = RequestType.MAIN, charset?: string): Response {
  new ResponseListener(charset).onKernelResponse(new ResponseEvent(kernel, request, type, response));
  return response;
}

describe('ResponseListener', () => {
  it('gives the main response the application charset and a Content-Type with it', () => {
    const response = respond(new Response('<p>hi</p>'), Request.create('/'), RequestType.MAIN, 'ISO-8859-1');
    assert.equal(response.charset, 'ISO-8859-1');
    assert.equal(response.headers.get('Content-Type'), 'text/html; charset=ISO-8859-1');
  });

  it('keeps a charset the response chose', () => {
    const response = new Response('x');
    response.charset = 'UTF-16';
    assert.equal(respond(response).headers.get('Content-Type'), 'text/html; charset=UTF-16');
  });

  it('adds the charset to a text type that has none, and leaves other types alone', () => {
    assert.equal(respond(new Response('a,b', 200, { 'Content-Type': 'text/csv' })).headers.get('Content-Type'), 'text/csv; charset=UTF-8');
    assert.equal(respond(new Response('{}', 200, { 'Content-Type': 'application/json' })).headers.get('Content-Type'), 'application/json');
  });

  it('uses the request format for the Content-Type', () => {
    const request = Request.create('/', 'GET', { attributes: { _format: 'json' } });
    assert.equal(respond(new Response('{}'), request).headers.get('Content-Type'), 'application/json; charset=UTF-8');
  });

  it('sets the Content-Length of an in-memory body', () => {
    assert.equal(respond(new Response('héllo')).headers.get('Content-Length'), '6');
  });

  it('answers HEAD with the headers of GET and no body', () => {
    const response = respond(new Response('hello'), Request.create('/', 'HEAD'));
    assert.equal(response.content, '');
    assert.equal(response.headers.get('Content-Length'), '5');
  });

  it('strips the body and its headers from a 204 and a 304', () => {
    const response = respond(new Response('ignored', 304, { 'Content-Type': 'text/plain' }));
    assert.equal(response.content, '');
    assert.equal(response.headers.has('Content-Type'), false);
  });

  it('leaves sub-request responses to the main one', () => {
    const response = respond(new Response('x'), Request.create('/'), RequestType.SUB);
    assert.equal(response.charset, undefined);
    assert.equal(response.headers.has('Content-Type'), false);
  });
});

describe('ResponseListener, through the kernel', () => {
  class PageController {
    showAction(): Response { return new Response('<h1>Event</h1>'); }
  }

  it('prepares the main response once, HEAD included', async () => {
    const app = new TestKernel({ routes: [{ name: 'page', path: '/page', controller: 'PageController::showAction' }], controllers: { PageController: new PageController() } });
    const response = await app.request(get('/page', {}, 'HEAD'));
    assert.equal(response.content, '');
    assert.equal(response.headers.get('Content-Length'), '14');
    assert.equal(response.headers.get('Content-Type'), 'text/html; charset=UTF-8');
  });
});
