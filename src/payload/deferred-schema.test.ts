import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import { Request } from '../http/request.ts';
import { JsonResponse } from '../http/json-response.ts';
import { MapRequestPayload } from '../decorators/map-request-payload.ts';
import { Args } from '../decorators/args.ts';
import { deferredSchema, isDeferredSchema, loadDeferredSchemas } from './deferred-schema.ts';
import { jsonSchemaOf } from './json-schema.ts';
import { SluiceError } from '../exception/sluice-error.ts';

const Seats = z.object({ title: z.string().min(1), seats: z.number().int().positive() });

function post(body: string): Request {
  return Request.create('http://localhost/api/events', 'POST', { headers: { 'content-type': 'application/json' }, body });
}

describe('deferredSchema', () => {
  it('does not import its schema until the first validation, then imports it once', async () => {
    let imports = 0;
    const schema = deferredSchema(async () => {
      imports++;
      return Seats;
    });
    assert.equal(imports, 0);
    const first = await schema['~standard'].validate({ title: 'Jazz', seats: 40 });
    assert.deepEqual(first, { value: { title: 'Jazz', seats: 40 } });
    const second = schema['~standard'].validate({ title: '', seats: 40 });
    assert.ok(!(second instanceof Promise), 'once loaded, as synchronous as the schema itself');
    assert.equal(second.issues?.[0]?.path?.[0], 'title');
    assert.equal(imports, 1);
  });

  it('refuses and accepts through @MapRequestPayload as the schema it defers to', async () => {
    const Deferred = deferredSchema(async () => Seats);
    class EventApi {
      @MapRequestPayload('input', Deferred)
      @Args({ input: Object })
      createAction(input: z.infer<typeof Seats>): JsonResponse {
        return new JsonResponse({ received: input }, 201);
      }
    }
    class DirectApi {
      @MapRequestPayload('input', Seats)
      @Args({ input: Object })
      createAction(input: z.infer<typeof Seats>): JsonResponse {
        return new JsonResponse({ received: input }, 201);
      }
    }
    const kernelFor = (name: string, controller: object) => new TestKernel({ controllers: { [name]: controller }, routes: [{ name: 'create', path: '/api/events', methods: ['POST'], controller: `${name}::createAction`, defaults: { _format: 'json' } }] });
    const deferred = kernelFor('EventApi', new EventApi());
    const direct = kernelFor('DirectApi', new DirectApi());
    for (const body of ['{"title":"Jazz","seats":40}', '{"title":"","seats":-1}', '{"title":']) {
      const [ours, theirs] = [await deferred.request(post(body)), await direct.request(post(body))];
      assert.deepEqual([ours.statusCode, String(ours.content), ours.headers.get('content-type')], [theirs.statusCode, String(theirs.content), theirs.headers.get('content-type')], body);
    }
  });

  it('gives its schema\'s JSON Schema once loaded, and says so when asked before', async () => {
    const schema = deferredSchema(async () => Seats);
    assert.ok(isDeferredSchema(schema));
    assert.ok(!isDeferredSchema(Seats));
    assert.throws(() => jsonSchemaOf(schema), (error: unknown) => error instanceof SluiceError && error.code === 'SLUICE_DEFERRED_SCHEMA_NOT_LOADED');
    await loadDeferredSchemas();
    assert.deepEqual(jsonSchemaOf(schema), jsonSchemaOf(Seats));
    assert.deepEqual(jsonSchemaOf(schema, 'output'), jsonSchemaOf(Seats, 'output'));
  });

  it('leaves nothing to load once every deferred schema is loaded', async () => {
    deferredSchema(async () => Seats);
    const loading = loadDeferredSchemas();
    assert.ok(loading instanceof Promise);
    await loading;
    assert.equal(loadDeferredSchemas(), undefined);
  });
});
