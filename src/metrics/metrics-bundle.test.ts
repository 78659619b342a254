import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { Response } from '../http/response.ts';
import { MetricsBundle } from './metrics-bundle.ts';
import { serveKernel } from '../server/serve-kernel.ts';
import { send } from '../server/test-support/http-client.ts';

class HomeController {
  indexAction(): Response {
    return new Response('home');
  }
}

function meteredKernel(): TestKernel {
  return new TestKernel({
    debug: false,
    bundles: [new MetricsBundle({ buckets: [0.1, 1] })],
    routes: [{ name: 'home', path: '/', controller: 'HomeController::indexAction' }],
    controllers: { HomeController: new HomeController() },
  });
}

/** The value of one sample line of the exposition, by its name and labels as written. */
function sample(page: string, series: string): number | undefined {
  const line = page.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('MetricsBundle', () => {
  it('counts requests by method, route name and status, unmatched ones under (none) rather than their path', async () => {
    const kernel = meteredKernel();
    await kernel.request(get('/'));
    await kernel.request(get('/'));
    await kernel.request(get('/no/such/page'));
    const page = String((await kernel.request(get('/metrics'))).content);
    assert.equal(sample(page, 'sluice_http_requests_total{method="GET",route="home",status="200"}'), 2);
    assert.equal(sample(page, 'sluice_http_requests_total{method="GET",route="(none)",status="404"}'), 1);
    assert.ok(!page.includes('/no/such/page'));
  });

  it('keeps a latency histogram with the configured buckets', async () => {
    const kernel = meteredKernel();
    await kernel.request(get('/'));
    const page = String((await kernel.request(get('/metrics'))).content);
    assert.equal(sample(page, 'sluice_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="home",status="200"}'), 1);
    assert.equal(sample(page, 'sluice_http_request_duration_seconds_count{method="GET",route="home",status="200"}'), 1);
    assert.ok(page.includes('sluice_http_request_duration_seconds_bucket{le="0.1",method="GET",route="home",status="200"}'));
  });

  it('reports the event loop lag and the process metrics', async () => {
    const page = String((await meteredKernel().request(get('/metrics'))).content);
    assert.match(page, /^# TYPE nodejs_eventloop_lag_seconds gauge$/m);
    assert.ok(Number.isFinite(sample(page, 'nodejs_eventloop_lag_seconds')));
    assert.match(page, /^process_cpu_seconds_total \d/m);
  });

  it('answers /metrics before the kernel\'s events: in the Prometheus format, never logged, never counted itself', async () => {
    const kernel = meteredKernel();
    const response = await kernel.request(get('/metrics'));
    assert.equal(response.headers.get('Content-Type'), 'text/plain; version=0.0.4; charset=utf-8');
    const page = String((await kernel.request(get('/metrics'))).content);
    assert.ok(!page.includes('sluice_http_requests_total{'), 'no request series: /metrics is not counted');
    assert.deepEqual(kernel.lines(), []);
  });

  it('serves the metrics over a real socket', async () => {
    const kernel = meteredKernel();
    const server = await serveKernel(kernel, { host: '127.0.0.1', port: 0, installAssets: false });
    after(() => server.stop());
    await send(server.address.port, '/');
    const reply = await send(server.address.port, '/metrics');
    assert.equal(reply.status, 200);
    assert.equal(sample(reply.body.toString(), 'sluice_http_requests_total{method="GET",route="home",status="200"}'), 1);
  });

  it('is absent without the bundle: /metrics goes through the router like any path', async () => {
    const kernel = new TestKernel({ debug: false });
    assert.equal((await kernel.request(get('/metrics'))).statusCode, 404);
  });
});
