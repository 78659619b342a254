import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InFlightRequests } from './in-flight-requests.ts';
import { Request } from './request.ts';
import { Response } from './response.ts';

const never = (): Promise<Response> => new Promise<Response>(() => {});

describe('InFlightRequests', () => {
  it('resolves with the handling\'s response and forgets the request', async () => {
    const inFlight = new InFlightRequests();
    const request = Request.create('/');
    const response = new Response('ok');
    assert.equal(await inFlight.track(request, Promise.resolve(response)), response);
    assert.equal(inFlight.isWaiting(request), false);
  });

  it('gives a response the handling already has straight back, tracking nothing', () => {
    const inFlight = new InFlightRequests();
    const request = Request.create('/');
    const response = new Response('ok');
    assert.equal(inFlight.track(request, response), response);
    assert.equal(inFlight.isWaiting(request), false);
    assert.equal(inFlight.answer(request, Promise.resolve(new Response('late'))), false);
  });

  it('passes the handling\'s failure on', async () => {
    const inFlight = new InFlightRequests();
    await assert.rejects(Promise.resolve(inFlight.track(Request.create('/'), Promise.reject(new Error('broken')))), /broken/);
  });

  it('resolves with an answer given while the handling still runs', async () => {
    const inFlight = new InFlightRequests();
    const request = Request.create('/');
    const tracked = inFlight.track(request, never());
    assert.equal(inFlight.isWaiting(request), true);
    assert.equal(inFlight.answer(request, Promise.resolve(new Response('error page', 500))), true);
    assert.equal((await tracked).statusCode, 500);
  });

  it('refuses a second answer, and ignores a handling that ends late, failing or not', async () => {
    const inFlight = new InFlightRequests();
    const request = Request.create('/');
    let fail!: (error: Error) => void;
    const tracked = inFlight.track(request, new Promise<Response>((_, reject) => (fail = reject)));
    inFlight.answer(request, Promise.resolve(new Response('first')));
    assert.equal(inFlight.answer(request, Promise.resolve(new Response('second'))), false);
    fail(new Error('too late'));
    assert.equal((await tracked).content, 'first');
  });

  it('does not answer a request it never tracked', () => {
    assert.equal(new InFlightRequests().answer(Request.create('/'), Promise.resolve(new Response())), false);
  });
});
