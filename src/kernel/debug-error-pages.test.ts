import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DebugErrorPages } from './debug-error-pages.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { KernelEvents } from './kernel-events.ts';
import { TestKernel, get } from './test-support/test-kernel.ts';
import type { ResponseEvent } from '../event/response-event.ts';

function withPolicy(response: Response): Response {
  response.headers.set('Content-Security-Policy', "script-src 'none'");
  response.headers.set('Content-Security-Policy-Report-Only', "default-src 'none'");
  return response;
}

describe('DebugErrorPages', () => {
  it('removes the Content-Security-Policy of an error page it was told of, and of no other response', () => {
    const pages = new DebugErrorPages();
    const request = Request.create('/');
    const page = withPolicy(new Response('page', 404));
    const other = withPolicy(new Response('ok'));
    pages.remember(request, page);
    pages.relax(request, page);
    pages.relax(request, other);
    assert.equal(page.headers.has('Content-Security-Policy'), false);
    assert.equal(page.headers.has('Content-Security-Policy-Report-Only'), false);
    assert.equal(other.headers.get('Content-Security-Policy'), "script-src 'none'");
  });

  it('lets a debug error page run its scripts under a policy a kernel.response listener sets, with no listener of its own on the event', async () => {
    const kernel = new TestKernel({ debug: true, routes: [{ name: 'home', path: '/', controller: 'Home::index' }], controllers: { Home: { index: () => new Response('<p>home</p>', 200, { 'Content-Type': 'text/html' }) } } });
    kernel.boot();
    const strict = (event: ResponseEvent): void => void event.response.headers.set('Content-Security-Policy', "script-src 'none'");
    kernel.dispatcher.addListener(KernelEvents.RESPONSE, strict);
    const listeners = kernel.dispatcher.getListeners(KernelEvents.RESPONSE).length;
    const errorPage = await kernel.request(get('/missing'));
    assert.equal(errorPage.statusCode, 404);
    assert.doesNotMatch(String(errorPage.headers.get('content-security-policy')), /script-src 'none'/);
    assert.equal((await kernel.request(get('/'))).headers.get('content-security-policy'), "script-src 'none'");
    assert.equal(kernel.dispatcher.getListeners(KernelEvents.RESPONSE).length, listeners);
    await kernel.shutdown();
  });
});
