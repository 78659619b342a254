import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SpanKind } from '@opentelemetry/api';
// As a setup file loaded with `node --import` does, before the application's modules.
import { exporter } from 'sluice/testing/tracing';
const { testApp } = await import('./test-support/app-test-kernel.ts');
const { createClient } = await import('sluice/testing');

describe('The events app with an OpenTelemetry SDK registered (prod)', () => {
  const app = testApp('prod', { adminPassword: 'secret-pass' });
  after(async () => {
    await app.close();
  });

  it('traces an event page: the request continues the caller\'s trace, its phases, controller and queries nest in it', async () => {
    const traceId = '5bf92f3577b34da6a3ce929d0e0e4736';
    exporter.reset(); // the boot's seeding of the database is a trace of its own
    const response = await createClient(app.kernel).get('/en/events/1', { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
    assert.equal(response.status, 200);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.name === 'GET app_event_show')!;
    assert.equal(request.kind, SpanKind.SERVER);
    assert.equal(request.spanContext().traceId, traceId);
    const controller = spans.find((span) => span.name === 'EventController::showAction')!;
    assert.equal(controller.parentSpanContext?.spanId, request.spanContext().spanId);
    const query = spans.find((span) => span.name === 'SELECT app_event')!;
    assert.equal(query.kind, SpanKind.CLIENT);
    assert.equal(query.attributes['db.system.name'], 'sqlite');
    const phase = spans.find((span) => span.spanContext().spanId === query.parentSpanContext?.spanId)!;
    assert.equal(phase.name, 'kernel.controller', 'the entity is loaded by the parameter converter, on kernel.controller');
    assert.deepEqual(spans.filter((span) => span.spanContext().traceId !== traceId).map((span) => span.name), []);
  });
});

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const { createRedisClient } = await import('sluice');
const probe = createRedisClient(REDIS_URL);
const redisSkip = await probe.ping().then(() => false as const, (error: Error) => `Redis is not reachable at ${REDIS_URL} (${error.message}); start it or set REDIS_URL to run this test`);
probe.disconnect();

describe('The events app with an OpenTelemetry SDK registered and its sessions in Redis (prod)', { skip: redisSkip }, () => {
  const saved = { store: process.env.SESSION_STORE, url: process.env.REDIS_URL };
  process.env.SESSION_STORE = 'redis';
  process.env.REDIS_URL = REDIS_URL;
  const app = redisSkip === false ? testApp('prod', { adminPassword: 'secret-pass' }) : undefined;
  after(async () => {
    await app?.close();
    for (const [name, value] of [['SESSION_STORE', saved.store], ['REDIS_URL', saved.url]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it('records reading the session from Redis as a client span in the request\'s trace, without its id', async () => {
    const browser = createClient(app!.kernel);
    assert.equal((await browser.get('/login')).status, 200, 'the login form starts a session for its CSRF token');
    const sessionId = browser.cookies.get('SLUICESESSID') ?? '';
    exporter.reset();
    const traceId = '6bf92f3577b34da6a3ce929d0e0e4736';
    assert.equal((await browser.get('/login', { headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } })).status, 200);
    const spans = exporter.getFinishedSpans();
    const read = spans.find((span) => span.attributes['db.system.name'] === 'redis' && span.name === 'GET');
    assert.ok(read, `a GET span among ${spans.map((span) => span.name).join(', ')}`);
    assert.equal(read.kind, SpanKind.CLIENT);
    assert.equal(read.spanContext().traceId, traceId);
    assert.equal(read.attributes['db.query.text'], 'GET ?');
    assert.ok(sessionId !== '' && !JSON.stringify(spans.map((span) => span.attributes)).includes(sessionId), 'the session id is recorded nowhere');
  });
});
