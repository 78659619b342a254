import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { exporter } from '../testing/tracing.ts';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { Response } from '../http/response.ts';
import type { ListenerCall } from '../event-dispatcher/traceable-event-dispatcher.ts';
import { installTracing } from './install-tracing.ts';
import { observeDispatches } from './dispatch-observers.ts';

class TracingBundle extends Bundle {
  override build(kernel: Kernel): void {
    installTracing(kernel);
  }
}

class HomeController {
  indexAction(): Response {
    return new Response('<html><body>home</body></html>');
  }
}

function tracedKernel(): TestKernel {
  return new TestKernel({ bundles: [new TracingBundle()], routes: [{ name: 'home', path: '/', controller: 'HomeController::indexAction' }], controllers: { HomeController: new HomeController() } });
}

/** Requests a path and returns every listener call the TraceableEventDispatcher recorded meanwhile. */
async function requestRecording(kernel: TestKernel, path: string): Promise<ListenerCall[]> {
  kernel.boot();
  const calls: ListenerCall[] = [];
  const stop = observeDispatches(kernel.container.get('debug.event_dispatcher'), (each) => calls.push(...each.filter((call) => call.called)));
  await kernel.request(get(path));
  stop();
  return calls;
}

const listenerSpans = (spans: readonly ReadableSpan[]): ReadableSpan[] => spans.filter((span) => span.attributes['sluice.listener.priority'] !== undefined);
const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;

describe('TracingEventDispatcher', () => {
  beforeEach(() => exporter.reset());

  it('makes one span per listener call, named after the listener', async () => {
    const calls = await requestRecording(tracedKernel(), '/');
    const spans = listenerSpans(exporter.getFinishedSpans());
    assert.equal(spans.length, calls.length);
    assert.deepEqual(spans.map((span) => span.name).sort(), calls.map((call) => call.listener).sort());
  });

  it('makes one span per listener call of a 404 too, the error page\'s sub-request included', async () => {
    const calls = await requestRecording(tracedKernel(), '/bundles/app/images/events/missing.JPG');
    const spans = listenerSpans(exporter.getFinishedSpans());
    assert.equal(spans.length, calls.length);
    assert.equal(spans.filter((span) => span.name === 'DebugHandlersListener::configure').length, 2);
  });

  it('gives each listener span the listener\'s event, priority and timing', async () => {
    const calls = await requestRecording(tracedKernel(), '/');
    const call = calls.find((each) => each.listener === 'RouterListener::onKernelRequest')!;
    const span = listenerSpans(exporter.getFinishedSpans()).find((each) => each.name === 'RouterListener::onKernelRequest')!;
    assert.equal(span.attributes['sluice.event'], 'kernel.request');
    assert.equal(span.attributes['sluice.listener.priority'], 32);
    const durationMs = span.duration[0] * 1e3 + span.duration[1] / 1e6;
    assert.ok(Math.abs(durationMs - call.duration) < 0.01, `${durationMs} vs ${call.duration}`);
  });

  it('nests listener spans in their phase span and phases in the request\'s span', async () => {
    await requestRecording(tracedKernel(), '/');
    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.name === 'GET home')!;
    assert.equal(request.attributes['http.response.status_code'], 200);
    assert.match(String(request.attributes['http.request.id']), /^[0-9a-f-]{36}$/, 'the request id, as in the logs and the X-Request-Id header');
    const phase = spans.find((span) => span.name === 'kernel.request')!;
    assert.equal(parentOf(phase), request.spanContext().spanId);
    assert.equal(parentOf(listenerSpans(spans).find((span) => span.name === 'RouterListener::onKernelRequest')!), phase.spanContext().spanId);
    assert.ok(spans.every((span) => span.spanContext().traceId === request.spanContext().traceId));
  });

  it('nests the error page\'s sub-request under the kernel.exception phase that ran it', async () => {
    await requestRecording(tracedKernel(), '/missing');
    const spans = exporter.getFinishedSpans();
    const exception = spans.find((span) => span.name === 'kernel.exception')!;
    const sub = spans.find((span) => span.attributes['sluice.request.type'] === 'sub')!;
    assert.equal(parentOf(sub), exception.spanContext().spanId);
    assert.equal(exception.status.code, 0, 'the exception phase itself succeeded');
    const failedPhase = spans.find((span) => span.name === 'kernel.request' && span.status.code === 2);
    assert.ok(failedPhase, 'the kernel.request phase that threw is marked as failed');
  });

  it('adds Server-Timing with the kernel phases to the main response only once', async () => {
    const kernel = tracedKernel();
    const response = await kernel.request(get('/missing'));
    const timing = response.headers.all('Server-Timing');
    assert.equal(timing.length, 1);
    assert.match(timing[0]!, /^kernel\.request;dur=[\d.]+, kernel\.exception;dur=[\d.]+, kernel\.response;dur=[\d.]+, total;dur=[\d.]+$/);
  });
});
