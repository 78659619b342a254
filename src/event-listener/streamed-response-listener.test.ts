import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { StreamedResponse } from '../http/streamed-response.ts';
import { ResponseEvent } from '../event/response-event.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import { serveKernel } from '../server/serve-kernel.ts';
import { StreamedResponseListener } from './streamed-response-listener.ts';

const kernel: HttpKernelInterface = { handle: async () => new Response() };

function respond(response: Response, type: RequestType = RequestType.MAIN): Response {
  new StreamedResponseListener().onKernelResponse(new ResponseEvent(kernel, Request.create('/'), type, response));
  return response;
}

describe('StreamedResponseListener', () => {
  it('has a streamed main response sent headers first, unbuffered by nginx, without a length', () => {
    const response = respond(new StreamedResponse(() => {}, 200, { 'Content-Length': '10' })) as StreamedResponse;
    assert.equal(response.flushHeadersFirst, true);
    assert.equal(response.headers.get('X-Accel-Buffering'), 'no');
    assert.equal(response.headers.has('Content-Length'), false);
  });

  it('keeps a buffering choice the response made itself', () => {
    const response = respond(new StreamedResponse(() => {}, 200, { 'X-Accel-Buffering': 'yes' }));
    assert.equal(response.headers.get('X-Accel-Buffering'), 'yes');
  });

  it('leaves other responses alone', () => {
    const response = respond(new Response('body', 200, { 'Content-Length': '4' }));
    assert.equal(response.headers.has('X-Accel-Buffering'), false);
    assert.equal(response.headers.get('Content-Length'), '4');
  });

  it('leaves streamed sub-request responses to the main response', () => {
    const response = respond(new StreamedResponse(() => {}), RequestType.SUB) as StreamedResponse;
    assert.equal(response.flushHeadersFirst, false);
    assert.equal(response.headers.has('X-Accel-Buffering'), false);
  });
});

describe('A streamed response over a real socket', () => {
  it('reaches the client with its headers before its first chunk is written', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    class EventsController {
      streamAction(): StreamedResponse {
        return new StreamedResponse(async (out) => {
          await gate;
          out.write('data: first\n\n');
        }, 200, { 'Content-Type': 'text/event-stream' });
      }
    }
    const app = new TestKernel({ routes: [{ name: 'stream', path: '/stream', controller: 'EventsController::streamAction' }], controllers: { EventsController: new EventsController() } });
    const running = await serveKernel(app, { port: 0, installAssets: false });
    try {
      const res = await new Promise<IncomingMessage>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no headers before the first chunk')), 2_000);
        httpGet({ host: '127.0.0.1', port: running.address.port, path: '/stream', agent: false }, (answer) => {
          clearTimeout(timer);
          resolve(answer);
        }).on('error', reject);
      });
      assert.equal(res.headers['x-accel-buffering'], 'no');
      assert.equal(res.headers['content-length'], undefined);
      open();
      let body = '';
      for await (const chunk of res) body += String(chunk);
      assert.equal(body, 'data: first\n\n');
    } finally {
      open();
      await running.stop();
    }
  });
});
