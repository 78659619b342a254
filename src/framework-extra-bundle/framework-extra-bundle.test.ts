import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FrameworkExtraBundle } from './framework-extra-bundle.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { listenerName } from '../event-dispatcher/listener.ts';
import { TemplatingBundle } from '../templating-bundle/templating-bundle.ts';
import { Response } from '../http/response.ts';
import { Route } from '../decorators/route.ts';
import { Cache } from '../decorators/cache.ts';
import { Args } from '../decorators/args.ts';
import { ParamConverter } from '../decorators/param-converter.ts';
import { eventMetadata, fixtures, TestEvent } from '../persistence/test-support/event-fixture.ts';
import { createTestSchema, postgresSkipReason } from '../testing/postgres-test-schema.ts';

let showCalls = 0;

@Route('/events', { name: 'app_event_' })
class EventController {
  @Route('/{id}', { name: 'show', requirements: { id: '\\d+' } })
  @Cache({ etag: 'event.slug', lastModified: 'event.startsAt', maxage: 60, public: true })
  @Args({ event: TestEvent })
  showAction(event: TestEvent) {
    showCalls++;
    return new Response(event.title);
  }

  @Route('/on/{day}')
  @ParamConverter('day', { class: Date, options: { format: 'Y-m-d' } })
  @Args({ day: Date })
  dayAction(day: Date) {
    return new Response(day.toISOString());
  }
}

/** The application's entities, registered as an application bundle would. */
class EntitiesBundle extends Bundle {
  override build(kernel: Kernel): void {
    kernel.container.get('entity_manager').register(TestEvent, eventMetadata('events'));
  }
}

/** A kernel with the bundle, its entities and (for TemplateListener, which the 304 skips) a template engine. */
async function bootKernel(database?: string, templating = true): Promise<TestKernel> {
  const kernel = new TestKernel({
    bundles: [
      new FrameworkExtraBundle({ controllers: [EventController], ...(database !== undefined && { database }) }),
      new EntitiesBundle(),
      ...(templating ? [new TemplatingBundle()] : []),
    ],
  });
  kernel.boot();
  const entities = kernel.container.get('entity_manager');
  await entities.createSchema();
  const events = entities.connection.repository(entities.getMetadata(TestEvent));
  for (const event of fixtures) await events.insert(event);
  return kernel;
}

const etag = `"${createHash('sha256').update('jazz-night').digest('hex')}"`;
const controllerLines = (kernel: TestKernel) => kernel.lines().filter((line) => line.includes('"kernel.controller"'));

function sharedBehaviour(boot: () => Promise<TestKernel>): void {
  let kernel: TestKernel;
  before(async () => {
    kernel = await boot();
  });
  after(async () => {
    await kernel?.shutdown();
  });

  it('converts the route id into the entity the controller asks for', async () => {
    const response = await kernel.request(get('/events/42'));
    assert.deepEqual([response.statusCode, response.content], [200, 'Jazz night']);
  });

  it('adds the declared cache headers and validators', async () => {
    const response = await kernel.request(get('/events/42'));
    assert.equal(response.headers.cacheControlValue(), 'max-age=60, public');
    assert.deepEqual([response.getEtag(), response.headers.get('Last-Modified')], [etag, 'Wed, 01 May 2030 20:00:00 GMT']);
  });

  it('answers a conditional request with a 304 without running the controller', async () => {
    const before = showCalls;
    const response = await kernel.request(get('/events/42', { 'If-None-Match': etag }));
    assert.deepEqual([response.statusCode, response.content, showCalls], [304, '', before]);
  });

  it('logs that HttpCacheListener stopped kernel.controller and TemplateListener was not called', async () => {
    kernel.logs.records.length = 0;
    await kernel.request(get('/events/42', { 'If-Modified-Since': 'Wed, 01 May 2030 20:00:00 GMT' }));
    assert.deepEqual(controllerLines(kernel), [
      'event.DEBUG: Notified event "kernel.controller" to listener "ControllerListener::onKernelController".',
      'event.DEBUG: Notified event "kernel.controller" to listener "ParamConverterListener::onKernelController".',
      'event.DEBUG: Notified event "kernel.controller" to listener "HttpCacheListener::onKernelController".',
      'event.DEBUG: Listener "HttpCacheListener::onKernelController" stopped propagation of the event "kernel.controller".',
      'event.DEBUG: Listener "TemplateListener::onKernelController" was not called for event "kernel.controller".',
    ]);
  });

  it('answers 404 when no entity has the id', async () => {
    kernel.logs.records.length = 0;
    const response = await kernel.request(get('/events/99'));
    assert.equal(response.statusCode, 404);
    assert.ok(kernel.lines().some((line) => line.startsWith('request.ERROR: Uncaught Exception NotFoundHttpException: "TestEvent object not found by the @ParamConverter annotation." at src/param-converter/entity-param-converter.ts line ')));
  });
}

describe('FrameworkExtraBundle with SQLite (the default database)', () => {
  sharedBehaviour(() => bootKernel());

  it('keeps the database in var/data.db under the project directory', async () => {
    const kernel = await bootKernel();
    assert.ok(existsSync(join(kernel.projectDir, 'var', 'data.db')));
    await kernel.shutdown();
  });

  it('registers its kernel.controller listeners in the reference\'s order, and IsGrantedListener', async () => {
    const kernel = await bootKernel();
    const names = (event: string) => kernel.dispatcher.getListeners(event).map((listener) => listenerName(listener));
    assert.deepEqual(names(KernelEvents.CONTROLLER), ['ControllerListener::onKernelController', 'ParamConverterListener::onKernelController', 'HttpCacheListener::onKernelController', 'TemplateListener::onKernelController']);
    assert.ok(names(KernelEvents.CONTROLLER_ARGUMENTS).includes('IsGrantedListener::onKernelControllerArguments'));
    assert.ok(names(KernelEvents.RESPONSE).includes('HttpCacheListener::onKernelResponse'));
    await kernel.shutdown();
  });

  it('leaves TemplateListener out when there is no template engine, as the reference does', async () => {
    const kernel = await bootKernel(undefined, false);
    const names = kernel.dispatcher.getListeners(KernelEvents.CONTROLLER).map((listener) => listenerName(listener));
    assert.ok(!names.includes('TemplateListener::onKernelController'));
    await kernel.shutdown();
  });

  it('loads the routes of the decorated controllers', async () => {
    const kernel = await bootKernel();
    assert.equal(kernel.routes.get('app_event_show')?.getDefault('_controller'), 'EventController::showAction');
    await kernel.shutdown();
  });

  it('converts a route attribute into a Date in the declared format', async () => {
    const kernel = await bootKernel();
    const ok = await kernel.request(get('/events/on/2030-05-01'));
    const bad = await kernel.request(get('/events/on/2030-02-30'));
    assert.deepEqual([ok.statusCode, ok.content, bad.statusCode], [200, '2030-05-01T00:00:00.000Z', 404]);
    assert.ok(kernel.lines().some((line) => line.includes('Uncaught Exception NotFoundHttpException: "Invalid date given for parameter "day"."')));
    await kernel.shutdown();
  });
});

const skip = await postgresSkipReason();

describe('FrameworkExtraBundle with PostgreSQL (asynchronous lookups)', { skip: skip ?? false }, () => {
  let drop: (() => Promise<void>) | undefined;
  sharedBehaviour(async () => {
    const schema = await createTestSchema();
    drop = schema.drop;
    return bootKernel(schema.url);
  });
  // Registered after the kernel's shutdown hook, so the pool is closed before the schema goes.
  after(async () => drop?.());
});
