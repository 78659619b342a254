import { after, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { context, trace, SpanKind } from '@opentelemetry/api';
import { exporter, finishedSpans, parentIdOf, spanNamed } from '../testing/tracing.ts';
import { traceRedisCommands } from './redis-spans.ts';
import { createRedisClient } from '../support/redis-client.ts';
import { redisUnavailable } from '../session/test-support/redis-available.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const skip = await redisUnavailable(REDIS_URL);
const tracer = trace.getTracer('redis-spans-test');

describe('Redis command spans', { skip }, () => {
  const redis = createRedisClient(REDIS_URL);
  const key = `sluice:test:redis-spans:${process.pid}:secret-session-id`;
  let untrace: () => void = () => {};
  beforeEach(() => {
    exporter.reset();
    untrace();
    untrace = traceRedisCommands(tracer);
  });
  after(async () => {
    untrace();
    await redis.del(key);
    await redis.quit();
  });

  it('makes a client span per command, nested in the sender\'s span, with neither keys nor values', async () => {
    const parent = tracer.startSpan('controller');
    await context.with(trace.setSpan(context.active(), parent), async () => {
      await redis.set(key, 'session data', 'PX', 60_000);
      assert.equal(await redis.get(key), 'session data');
    });
    parent.end();
    const get = spanNamed('GET');
    assert.equal(get.kind, SpanKind.CLIENT);
    assert.equal(parentIdOf(get), parent.spanContext().spanId);
    assert.equal(get.attributes['db.system.name'], 'redis');
    assert.equal(get.attributes['db.operation.name'], 'GET');
    assert.equal(get.attributes['db.query.text'], 'GET ?');
    assert.equal(get.attributes['db.namespace'], '0');
    assert.equal(get.attributes['server.address'], '127.0.0.1');
    assert.equal(get.attributes['server.port'], 6379);
    assert.equal(spanNamed('SET').attributes['db.query.text'], 'SET ? ? ? ?');
    const recorded = JSON.stringify(finishedSpans().map((span) => span.attributes));
    assert.ok(!recorded.includes('secret-session-id') && !recorded.includes('session data'), recorded);
  });

  it('marks a failed command as an error, with an exception event', async () => {
    await redis.set(key, 'not a number');
    await assert.rejects(redis.incr(key), /not an integer/);
    const incr = spanNamed('INCR');
    assert.equal(incr.status.code, 2);
    assert.equal(incr.attributes['db.response.status_code'], 'ERR');
    assert.equal(incr.attributes['error.type'], 'ERR');
    assert.equal(incr.events[0]?.name, 'exception');
  });

  it('makes one batch span of a MULTI transaction, with its size', async () => {
    await redis.multi().set(key, 'one').get(key).exec();
    const multi = spanNamed('BATCH');
    assert.equal(multi.kind, SpanKind.CLIENT);
    assert.equal(multi.attributes['db.operation.batch.size'], 2);
    assert.equal(multi.attributes['db.query.text'], undefined);
  });

  it('gives each of two subscriptions a span of its own per command, each ended', async () => {
    const second = traceRedisCommands(tracer);
    try {
      await redis.exists(key);
    } finally {
      second();
    }
    assert.deepEqual(finishedSpans().map((span) => span.name), ['EXISTS', 'EXISTS']);
  });

  it('stops once unsubscribed', async () => {
    untrace();
    await redis.exists(key);
    assert.deepEqual(finishedSpans().map((span) => span.name), []);
  });
});

describe('Redis command spans in a process whose earlier subscription was collected', { skip }, () => {
  // A kernel shut down (its subscription dropped and collected) before the process loaded
  // ioredis for the next kernel: on Node 20 the registry of channels forgot their names then,
  // and the next kernel's subscription never heard ioredis. Run in a process of its own to
  // load ioredis at that moment, with the collector callable to make the moment certain.
  it('traces the commands of a client loaded after an earlier subscription was dropped and collected', () => {
    const script = `
      import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
      import { traceRedisCommands } from './src/tracing/redis-spans.ts';
      import { createRedisClient } from './src/support/redis-client.ts';
      const exporter = new InMemorySpanExporter();
      const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('test');
      const turn = () => new Promise((resolve) => setImmediate(resolve));
      traceRedisCommands(tracer)();
      await turn();
      globalThis.gc();
      const redis = createRedisClient(${JSON.stringify(REDIS_URL)});
      for (let i = 0; i < 3; i++) { await turn(); globalThis.gc(); }
      const untrace = traceRedisCommands(tracer);
      await redis.connect();
      await redis.exists('sluice:test:redis-spans:collected');
      untrace();
      await redis.quit();
      process.stdout.write(exporter.getFinishedSpans().map((span) => span.name).join(' '));`;
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', './scripts/register-typescript.mjs', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    assert.match(child.stdout, /\bEXISTS$/);
  });
});
