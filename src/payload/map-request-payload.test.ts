import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import { Request } from '../http/request.ts';
import { JsonResponse } from '../http/json-response.ts';
import { HttpException } from '../exception/http-exception.ts';
import { MapQueryString, MapRequestPayload } from '../decorators/map-request-payload.ts';
import { DeferredArgument } from '../controller/deferred-argument.ts';
import { Args } from '../decorators/args.ts';
import { listen } from '../server/test-support/listen.ts';

const EventInput = z.object({ title: z.string().min(1).max(200), seats: z.number().int().positive(), tags: z.array(z.string()).optional() });
const Page = z.object({ page: z.coerce.number().int().min(1).default(1) });

class EventApi {
  @MapRequestPayload('input', EventInput)
  @Args({ input: Object })
  createAction(input: z.infer<typeof EventInput>): JsonResponse {
    return new JsonResponse({ received: input }, 201);
  }

  @MapQueryString('query', Page)
  @Args({ query: Object })
  listAction(query: z.infer<typeof Page>): JsonResponse {
    return new JsonResponse(query);
  }
}

const kernel = new TestKernel({
  controllers: { EventApi: new EventApi() },
  routes: [
    { name: 'create', path: '/api/events', methods: ['POST'], controller: 'EventApi::createAction', defaults: { _format: 'json' } },
    { name: 'list', path: '/api/events', methods: ['GET'], controller: 'EventApi::listAction', defaults: { _format: 'json' } },
    { name: 'guarded', path: '/api/guarded', methods: ['POST'], controller: 'EventApi::createAction', defaults: { _format: 'json', _guard: true } },
  ],
});

function post(body: string, contentType = 'application/json', path = '/api/events'): Request {
  return Request.create(`http://localhost${path}`, 'POST', { headers: { 'content-type': contentType }, body });
}

const json = (response: { content: unknown }): Record<string, unknown> => JSON.parse(String(response.content)) as Record<string, unknown>;

describe('@MapRequestPayload', () => {
  it('gives the controller the schema\'s output for a valid JSON body', async () => {
    const response = await kernel.request(post('{"title":"Jazz","seats":40}'));
    assert.deepEqual([response.statusCode, json(response)], [201, { received: { title: 'Jazz', seats: 40 } }]);
  });

  it('answers a JSON body at hand without a promise: the whole handling stays synchronous', () => {
    const response = kernel.respond(post('{"title":"Jazz","seats":40}'));
    assert.ok(!(response instanceof Promise), 'answered synchronously');
    assert.equal(response.statusCode, 201);
    const refused = kernel.respond(post('{"title":'));
    assert.ok(!(refused instanceof Promise));
    assert.equal(refused.statusCode, 400);
  });

  it('fills it from a form too', async () => {
    const response = await kernel.request(post('title=Jazz&seats=40', 'application/x-www-form-urlencoded'));
    // a form's fields are strings: the schema decides (here it refuses a string for a number)
    assert.deepEqual(json(response).violations, [{ propertyPath: 'seats', title: 'Invalid input: expected number, received string', code: 'invalid_type' }]);
  });

  it('answers a refused payload with a 422 problem+json naming each violation', async () => {
    const response = await kernel.request(post('{"title":"","seats":0,"tags":[1]}'));
    assert.equal(response.statusCode, 422);
    assert.equal(response.headers.get('Content-Type'), 'application/problem+json');
    const problem = json(response);
    assert.deepEqual([problem.status, problem.title, problem.type], [422, 'Validation Failed', 'https://symfony.com/errors/validation']);
    assert.deepEqual((problem.violations as { propertyPath: string }[]).map((v) => v.propertyPath), ['title', 'seats', 'tags[0]']);
    assert.match(String(problem.detail), /^title: Too small/);
  });

  it('logs the refusal at INFO, never ERROR', async () => {
    kernel.logs.records.length = 0;
    await kernel.request(post('{}'));
    const uncaught = kernel.lines().filter((line) => line.includes('Uncaught Exception ValidationFailedHttpException'));
    assert.equal(uncaught.length, 1);
    assert.match(uncaught[0]!, /^request\.INFO: /);
    assert.ok(!kernel.lines().some((line) => line.includes('.ERROR:')));
  });

  it('answers malformed JSON with a 400 problem+json', async () => {
    const response = await kernel.request(post('{"title":'));
    assert.deepEqual([response.statusCode, response.headers.get('Content-Type'), json(response).status], [400, 'application/problem+json', 400]);
  });

  it('answers another content type with a 415', async () => {
    const response = await kernel.request(post('<event/>', 'application/xml'));
    assert.deepEqual([response.statusCode, json(response).status], [415, 415]);
  });

  it('validates a missing body as no payload at all (422)', async () => {
    const response = await kernel.request(Request.create('http://localhost/api/events', 'POST'));
    assert.deepEqual((json(response).violations as { propertyPath: string }[]).map((v) => v.propertyPath), ['']);
  });

  it('reads the body only after kernel.controller_arguments: a listener answering there never sees a 400', async () => {
    const guarded = new TestKernel({ controllers: { EventApi: new EventApi() }, routes: [{ name: 'create', path: '/api/events', methods: ['POST'], controller: 'EventApi::createAction', defaults: { _format: 'json' } }] });
    guarded.boot();
    const seen: unknown[] = [];
    guarded.dispatcher.addListener('kernel.controller_arguments', (event) => {
      if (event.request.attributes.get('_route') !== 'create') return;
      seen.push(...event.arguments);
      event.setController(() => { throw new HttpException(401, 'token needed'); });
      event.setArguments([]);
    });
    const response = await guarded.request(post('{"title":'));
    assert.equal(response.statusCode, 401);
    assert.ok(seen[0] instanceof DeferredArgument);
  });
});

describe('@MapQueryString', () => {
  it('maps the query string through the schema, with its defaults', async () => {
    assert.deepEqual(json(await kernel.request(Request.create('http://localhost/api/events?page=3'))), { page: 3 });
    assert.deepEqual(json(await kernel.request(Request.create('http://localhost/api/events'))), { page: 1 });
  });

  it('refuses a query the schema refuses with a 422', async () => {
    const response = await kernel.request(Request.create('http://localhost/api/events?page=0'));
    assert.deepEqual([response.statusCode, (json(response).violations as { propertyPath: string }[])[0]!.propertyPath], [422, 'page']);
  });
});

describe('Payload mapping over a real socket', () => {
  const server = listen(kernel);
  after(async () => (await server).close());

  it('reads a streamed JSON body, and answers violations and malformed bodies as problem+json', async () => {
    const { port } = await server;
    const send = (body: string) => fetch(`http://127.0.0.1:${port}/api/events`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const created = await send('{"title":"Jazz","seats":40}');
    assert.deepEqual([created.status, await created.json()], [201, { received: { title: 'Jazz', seats: 40 } }]);
    const invalid = await send('{"seats":40}');
    assert.deepEqual([invalid.status, invalid.headers.get('content-type'), ((await invalid.json()) as { violations: { propertyPath: string }[] }).violations[0]!.propertyPath], [422, 'application/problem+json', 'title']);
    const malformed = await send('nope');
    assert.equal(malformed.status, 400);
  });
});
