import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { ResponseEvent } from '../event/response-event.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { DisallowRobotsIndexingListener } from './disallow-robots-indexing-listener.ts';

const kernel: HttpKernelInterface = { handle: async () => new Response() };

describe('DisallowRobotsIndexingListener', () => {
  it('asks search engines not to index the response', () => {
    const response = new Response();
    new DisallowRobotsIndexingListener().onResponse(new ResponseEvent(kernel, Request.create('/'), RequestType.MAIN, response));
    assert.equal(response.headers.get('X-Robots-Tag'), 'noindex');
  });

  it('keeps an X-Robots-Tag the response set itself', () => {
    const response = new Response('', 200, { 'X-Robots-Tag': 'nofollow' });
    new DisallowRobotsIndexingListener().onResponse(new ResponseEvent(kernel, Request.create('/'), RequestType.MAIN, response));
    assert.equal(response.headers.get('X-Robots-Tag'), 'nofollow');
  });
});

describe('DisallowRobotsIndexingListener, through the kernel', () => {
  it('is on in debug, error pages included', async () => {
    const response = await new TestKernel({ debug: true }).request(get('/missing'));
    assert.equal(response.statusCode, 404);
    assert.equal(response.headers.get('X-Robots-Tag'), 'noindex');
  });

  it('is off in prod unless configured', async () => {
    assert.equal((await new TestKernel({ debug: false }).request(get('/missing'))).headers.has('X-Robots-Tag'), false);
    const configured = new TestKernel({ debug: false, config: { disallowSearchEngineIndex: true } });
    assert.equal((await configured.request(get('/missing'))).headers.get('X-Robots-Tag'), 'noindex');
  });
});
