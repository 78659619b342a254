import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SpanKind } from '@opentelemetry/api';
// As a setup file loaded with `node --import` does, before the application's modules.
import { exporter } from '../../src/tracing/test-support/in-memory-tracing.ts';
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
