import '../decorators/symbol-metadata.ts';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { RateLimit } from '../decorators/rate-limit.ts';
import { Args } from '../decorators/args.ts';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { JsonResponse } from '../http/json-response.ts';
import { RedisRateLimitStorage, type RateLimitStorage } from './rate-limit-storage.ts';
import { createRedisClient } from '../support/redis-client.ts';
import { redisUnavailable } from '../session/test-support/redis-available.ts';
import { serveKernel } from '../server/serve-kernel.ts';
import { send } from '../server/test-support/http-client.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisSkip = await redisUnavailable(redisUrl);

class ApiController {
  calls = 0;

  @RateLimit({ limiter: 'writes', key: 'token' })
  @Args({ request: Request })
  createAction(request: Request): Response {
    this.calls++;
    return new JsonResponse({ created: request.method }, 201);
  }
}

@RateLimit({ limiter: 'pages' })
class PageController {
  indexAction(): Response {
    return new Response('<html><body>page</body></html>');
  }
}

class OpenController {
  indexAction(): Response {
    return new Response('open');
  }
}

/** A kernel whose `writes` limiter allows 3 calls a minute, on a clock the test moves. */
function limitedKernel(storage?: RateLimitStorage): { kernel: TestKernel; clock: { now: number }; api: ApiController } {
  const clock = { now: 1_000_000 };
  const api = new ApiController();
  class LimitsBundle extends Bundle {
    override build(kernel: Kernel): void {
      const limiters = kernel.container.get('rate_limiters');
      limiters.clock = () => clock.now;
      limiters.define('writes', { policy: 'fixed_window', limit: 3, intervalMs: 60_000, ...(storage && { storage }) });
      limiters.define('pages', { policy: 'token_bucket', limit: 1, rate: { amount: 1, intervalMs: 10_000 } });
    }
  }
  const kernel = new TestKernel({
    debug: false,
    bundles: [new LimitsBundle()],
    routes: [
      { name: 'api_create', path: '/api/things', methods: 'POST', controller: 'ApiController::createAction', defaults: { _format: 'json' } },
      { name: 'page', path: '/page', controller: 'PageController::indexAction' },
      { name: 'open', path: '/open', controller: 'OpenController::indexAction' },
    ],
    controllers: { ApiController: api, PageController: new PageController(), OpenController: new OpenController() },
  });
  return { kernel, clock, api };
}

const post = (token?: string): Request => get('/api/things', token === undefined ? {} : { Authorization: `Bearer ${token}` }, 'POST');

describe('@RateLimit', () => {
  it('lets calls through within the limit, telling the client where it stands in RateLimit-* headers', async () => {
    const { kernel } = limitedKernel();
    const responses = [await kernel.request(post('a')), await kernel.request(post('a'))];
    assert.deepEqual(responses.map((r) => r.statusCode), [201, 201]);
    assert.deepEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'].map((name) => responses[1]!.headers.get(name)), ['3', '1', '60']);
  });

  it('refuses the call past the limit with a 429 problem+json on a JSON route, before the controller runs', async () => {
    const { kernel, clock, api } = limitedKernel();
    for (let i = 0; i < 3; i++) await kernel.request(post('a'));
    clock.now += 20_000;
    const refused = await kernel.request(post('a'));
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers.get('Content-Type'), 'application/problem+json');
    assert.equal(refused.headers.get('Retry-After'), '40');
    assert.deepEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'].map((name) => refused.headers.get(name)), ['3', '0', '40']);
    assert.equal(JSON.parse(String(refused.content)).status, 429);
    assert.equal(api.calls, 3);
  });

  it('counts each API token apart, and clients without one by IP', async () => {
    const { kernel } = limitedKernel();
    for (let i = 0; i < 3; i++) await kernel.request(post('a'));
    assert.equal((await kernel.request(post('a'))).statusCode, 429);
    assert.equal((await kernel.request(post('b'))).statusCode, 201);
    assert.equal((await kernel.request(post())).statusCode, 201);
  });

  it('lets the client in again when the window has passed', async () => {
    const { kernel, clock } = limitedKernel();
    for (let i = 0; i < 4; i++) await kernel.request(post('a'));
    clock.now += 60_000;
    assert.equal((await kernel.request(post('a'))).statusCode, 201);
  });

  it('answers a plain 429 page on HTML routes, for a limit declared on the class', async () => {
    const { kernel } = limitedKernel();
    assert.equal((await kernel.request(get('/page'))).statusCode, 200);
    const refused = await kernel.request(get('/page'));
    assert.equal(refused.statusCode, 429);
    assert.match(refused.headers.get('Content-Type') ?? '', /^text\/html/);
    assert.match(String(refused.content), /Too Many Requests/);
    assert.equal(refused.headers.get('Retry-After'), '10');
  });

  it('leaves controllers without a declaration alone: no RateLimit headers', async () => {
    const { kernel } = limitedKernel();
    const response = await kernel.request(get('/open'));
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers.get('RateLimit-Limit'), undefined);
  });

  it('counts by what a key function returns, and by IP for key \'user\' when nobody is authenticated', async () => {
    class TenantController {
      @RateLimit({ limiter: 'writes', key: (request) => request.headers.get('x-tenant') ?? 'none' })
      byTenant(): Response {
        return new Response('tenant');
      }

      @RateLimit({ limiter: 'writes', key: 'user', tokens: 3 })
      byUser(): Response {
        return new Response('user');
      }
    }
    const clock = { now: 0 };
    class Limits extends Bundle {
      override build(kernel: Kernel): void {
        kernel.container.get('rate_limiters').clock = () => clock.now;
        kernel.container.get('rate_limiters').define('writes', { policy: 'fixed_window', limit: 3, intervalMs: 60_000 });
      }
    }
    const kernel = new TestKernel({
      debug: false,
      bundles: [new Limits()],
      routes: [{ name: 'tenant', path: '/tenant', controller: 'TenantController::byTenant' }, { name: 'user', path: '/user', controller: 'TenantController::byUser' }],
      controllers: { TenantController: new TenantController() },
    });
    for (let i = 0; i < 3; i++) await kernel.request(get('/tenant', { 'x-tenant': 'a' }));
    assert.equal((await kernel.request(get('/tenant', { 'x-tenant': 'a' }))).statusCode, 429);
    assert.equal((await kernel.request(get('/tenant', { 'x-tenant': 'b' }))).statusCode, 200);
    assert.equal((await kernel.request(get('/user'))).statusCode, 200, 'three tokens of the anonymous IP\'s three');
    const refused = await kernel.request(get('/user'));
    assert.deepEqual([refused.statusCode, refused.headers.get('RateLimit-Remaining')], [429, '0']);
  });

  it('names the defined limiters when a declaration names an unknown one', async () => {
    class TypoController {
      @RateLimit({ limiter: 'wirtes' })
      indexAction(): Response {
        return new Response('never');
      }
    }
    const kernel = new TestKernel({ debug: false, routes: [{ name: 'typo', path: '/typo', controller: 'TypoController::indexAction' }], controllers: { TypoController: new TypoController() } });
    assert.equal((await kernel.request(get('/typo'))).statusCode, 500);
    assert.ok(kernel.lines().some((line) => line.includes('No rate limiter is named "wirtes" (none is defined)')), kernel.lines().join('\n'));
  });
});

describe('@RateLimit with Redis, over a real socket', { skip: redisSkip }, () => {
  const client = createRedisClient(redisUrl);
  const prefix = `sluice-test:rl-decl:${randomBytes(4).toString('hex')}:`;
  after(async () => {
    const keys = await client.keys(`${prefix}*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  it('shares one count between two instances: the fourth call, on either, is a 429', async () => {
    const first = limitedKernel(new RedisRateLimitStorage(client, prefix));
    const second = limitedKernel(new RedisRateLimitStorage(client, prefix));
    const servers = [await serveKernel(first.kernel, { host: '127.0.0.1', port: 0, installAssets: false }), await serveKernel(second.kernel, { host: '127.0.0.1', port: 0, installAssets: false })];
    after(() => Promise.all(servers.map((server) => server.stop())));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const reply = await send(servers[i % 2]!.address.port, '/api/things', { method: 'POST', headers: { authorization: 'Bearer shared' } });
      statuses.push(reply.status);
      if (i === 3) {
        assert.equal(reply.headers['retry-after'], '60');
        assert.equal(reply.headers['ratelimit-remaining'], '0');
        assert.equal(reply.headers['content-type'], 'application/problem+json');
      }
    }
    assert.deepEqual(statuses, [201, 201, 201, 429]);
  });
});
