import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { FrameworkExtraBundle } from '../framework-extra-bundle/framework-extra-bundle.ts';
import { serveKernel } from '../server/serve-kernel.ts';
import { send } from '../server/test-support/http-client.ts';
import { POSTGRES_TEST_URL, postgresSkipReason } from '../testing/postgres-test-schema.ts';
import { HealthChecks } from './health-checks.ts';
import { freePort } from '../testing/free-port.ts';

const postgresSkip = await postgresSkipReason();

function body(response: { content: unknown }): unknown {
  return JSON.parse(String(response.content));
}

describe('health checks', () => {
  it('answers /_health/live with 200 before any listener runs: nothing logged, no request id, no access entry', async () => {
    const kernel = new TestKernel({ debug: false });
    const response = await kernel.request(get('/_health/live'));
    assert.equal(response.statusCode, 200);
    assert.deepEqual(body(response), { status: 'ok' });
    assert.equal(response.headers.get('content-type'), 'application/json');
    assert.deepEqual(kernel.lines(), []);
    assert.equal(response.headers.get('x-request-id'), undefined);
    await kernel.shutdown();
  });

  it('answers /_health/ready with 200 when every check passes and 503 naming the failed ones', async () => {
    const kernel = new TestKernel({ debug: false });
    kernel.boot();
    const checks = kernel.container.get('health_checks');
    checks.add('cache', () => undefined);
    assert.equal((await kernel.request(get('/_health/ready'))).statusCode, 200);
    checks.add('queue', () => Promise.reject(new Error('down at 10.0.0.5')));
    const response = await kernel.request(get('/_health/ready'));
    assert.equal(response.statusCode, 503);
    assert.deepEqual(body(response), { status: 'fail', checks: { cache: { status: 'ok' }, queue: { status: 'fail' } } }, 'prod says which check failed, not why');
    assert.deepEqual(kernel.lines(), []);
    await kernel.shutdown();
  });

  it('says why a check failed in debug, and fails a check that does not answer within its timeout', async () => {
    const checks = new HealthChecks({ timeoutMs: 50, showErrors: true }).add('slow', () => new Promise(() => {})).add('broken', () => { throw new Error('no disk'); });
    assert.deepEqual(await checks.run(), { status: 'fail', checks: { slow: { status: 'fail', error: 'no answer within 50 ms' }, broken: { status: 'fail', error: 'no disk' } } });
  });

  it('is 503 over a real socket, within a second and a half, when the PostgreSQL database refuses connections', async () => {
    const kernel = new TestKernel({ debug: false, bundles: [new FrameworkExtraBundle({ database: `postgresql://postgres@127.0.0.1:${await freePort()}/test` })] });
    const running = await serveKernel(kernel, { port: 0, installAssets: false, staticFilesRefreshMs: 0 });
    try {
      const started = performance.now();
      const reply = await send(running.address.port, '/_health/ready');
      assert.ok(performance.now() - started < 1500, `answered after ${Math.round(performance.now() - started)} ms`);
      assert.equal(reply.status, 503);
      assert.deepEqual(JSON.parse(reply.body.toString()), { status: 'fail', checks: { database: { status: 'fail' } } });
      assert.equal((await send(running.address.port, '/_health/live')).status, 200, 'the process itself is alive');
    } finally {
      await running.stop(100);
    }
  });

  it('is 200 over a real socket when the PostgreSQL database answers', { skip: postgresSkip }, async () => {
    const kernel = new TestKernel({ debug: false, bundles: [new FrameworkExtraBundle({ database: POSTGRES_TEST_URL })] });
    const running = await serveKernel(kernel, { port: 0, installAssets: false, staticFilesRefreshMs: 0 });
    try {
      const reply = await send(running.address.port, '/_health/ready');
      assert.equal(reply.status, 200);
      assert.deepEqual(JSON.parse(reply.body.toString()), { status: 'ok', checks: { database: { status: 'ok' } } });
    } finally {
      await running.stop(100);
    }
  });
});
