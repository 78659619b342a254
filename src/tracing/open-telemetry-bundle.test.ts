import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openTelemetryRegistered } from '../support/open-telemetry-registered.ts';

// Asked before this process registers an SDK, as a production process would.
const registeredAtStart = openTelemetryRegistered();

const { exporter } = await import('../testing/tracing.ts');
const { trace, SpanKind } = await import('@opentelemetry/api');
const { TestKernel, get } = await import('../kernel/test-support/test-kernel.ts');
const { Response } = await import('../http/response.ts');
const { OpenTelemetryBundle } = await import('./open-telemetry-bundle.ts');
const { Bundle } = await import('../kernel/bundle.ts');
type KernelOf = Parameters<InstanceType<typeof Bundle>['build']>[0];

/** Stands for the profiler's database collector, which debug kernels set before the tracing bundle builds. */
class QueryRecorderBundle extends Bundle {
  readonly heard: string[] = [];
  override build(kernel: KernelOf): void {
    kernel.container.set('persistence.query_logger', { start: (sql: string) => (error?: unknown) => void this.heard.push(`${sql}${error === undefined ? '' : ' failed'}`) });
  }
}

class HomeController {
  indexAction(): InstanceType<typeof Response> {
    return new Response('home');
  }

  /** Stands for a database or Redis call an instrumentation records: a span in the active context. */
  async queryAction(): Promise<InstanceType<typeof Response>> {
    await Promise.resolve();
    trace.getTracer('db').startSpan('SELECT event').end();
    return new Response('queried');
  }

  failAction(): never {
    throw new Error('the database is gone');
  }
}

function tracedKernel(): InstanceType<typeof TestKernel> {
  return new TestKernel({
    debug: false,
    bundles: [new OpenTelemetryBundle()],
    routes: [
      { name: 'home', path: '/', controller: 'HomeController::indexAction' },
      { name: 'query', path: '/query', controller: 'HomeController::queryAction' },
      { name: 'fail', path: '/fail', controller: 'HomeController::failAction' },
    ],
    controllers: { HomeController: new HomeController() },
  });
}

const byName = (name: string) => exporter.getFinishedSpans().find((span) => span.name === name)!;
const parentOf = (name: string): string | undefined => byName(name).parentSpanContext?.spanId;

describe('OpenTelemetryBundle (production, no profiler)', () => {
  beforeEach(() => exporter.reset());

  it('is chosen by the application only once an SDK is registered: the check does not load the API', () => {
    assert.equal(registeredAtStart, false);
    assert.equal(openTelemetryRegistered(), true);
  });

  it('makes a server span per request, one per kernel phase and one for the controller, nested in it', async () => {
    await tracedKernel().request(get('/'));
    const request = byName('GET home');
    assert.equal(request.kind, SpanKind.SERVER);
    assert.equal(request.attributes['http.response.status_code'], 200);
    assert.deepEqual(exporter.getFinishedSpans().map((span) => span.name).sort(), ['GET home', 'HomeController::indexAction', 'kernel.controller_arguments', 'kernel.finish_request', 'kernel.request', 'kernel.response'].sort());
    for (const phase of ['kernel.request', 'kernel.controller_arguments', 'kernel.response', 'kernel.finish_request', 'HomeController::indexAction']) {
      assert.equal(parentOf(phase), request.spanContext().spanId, `${phase} is a child of the request's span`);
    }
    assert.ok(exporter.getFinishedSpans().every((span) => span.attributes['sluice.listener.priority'] === undefined), 'no listener spans outside debug');
  });

  it('honours the caller\'s traceparent: the request\'s span continues its trace', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await tracedKernel().request(get('/', { traceparent: `00-${traceId}-00f067aa0ba902b7-01` }));
    const request = byName('GET home');
    assert.equal(request.spanContext().traceId, traceId);
    assert.equal(request.parentSpanContext?.spanId, '00f067aa0ba902b7');
  });

  it('runs the controller in its span\'s context, so what instrumentations record there nests under it', async () => {
    await tracedKernel().request(get('/query'));
    assert.equal(parentOf('SELECT event'), byName('HomeController::queryAction').spanContext().spanId);
  });

  it('marks a failed controller\'s span as an error', async () => {
    await tracedKernel().request(get('/fail'));
    const controller = byName('HomeController::failAction');
    assert.equal(controller.status.code, 2);
    assert.equal(controller.events[0]?.name, 'exception');
  });

  it('writes the trace and span ids in every log entry of the request', async () => {
    const kernel = tracedKernel();
    await kernel.request(get('/fail', { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }));
    await kernel.shutdown();
    const entries = readFileSync(join(kernel.logDir, 'prod.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { message: string; extra: Record<string, string> });
    assert.ok(entries.length >= 2, 'the failed request\'s buffered entries were written');
    for (const entry of entries) {
      assert.equal(entry.extra.trace_id, '0af7651916cd43dd8448eb211c80319c', entry.message);
      assert.match(entry.extra.span_id ?? '', /^[0-9a-f]{16}$/);
      assert.match(entry.extra.request_id ?? '', /^[0-9a-f-]{36}$/);
    }
  });

  it('keeps the query logger set before it (the profiler\'s), beside its statement spans', async () => {
    const recorder = new QueryRecorderBundle();
    const kernel = new TestKernel({ debug: false, bundles: [recorder, new OpenTelemetryBundle()] });
    kernel.boot();
    const logger = kernel.container.get('persistence.query_logger');
    logger.start('SELECT 1', [], 'sqlite', { namespace: ':memory:' })();
    logger.start('SELECT 2', [], 'sqlite', { namespace: ':memory:' })(new Error('gone'));
    assert.deepEqual(recorder.heard, ['SELECT 1', 'SELECT 2 failed']);
    assert.deepEqual(exporter.getFinishedSpans().map((span) => [span.name, span.status.code]), [['SELECT', 0], ['SELECT', 2]]);
    await kernel.shutdown();
  });
});
