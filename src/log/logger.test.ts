import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LogLevel } from './level.ts';
import type { LogHandler, LogRecord } from './log-record.ts';
import { collectingStream } from './log-handler.contract.test.ts';
import { Logger } from './logger.ts';
import { StreamHandler } from './stream-handler.ts';
import { TestHandler } from './test-handler.ts';

/** Counts how often the logger consults it. */
class CountingHandler extends TestHandler {
  asked = 0;
  override isHandling(level: number): boolean {
    this.asked++;
    return super.isHandling(level);
  }
}

class ThrowingHandler implements LogHandler {
  isHandling(): boolean {
    return true;
  }
  handle(): void {
    throw new Error('disk on fire');
  }
}

describe('Logger', () => {
  it('builds no record and asks no handler for a call below every handler level', (t) => {
    const handler = new CountingHandler(LogLevel.ERROR);
    const logger = new Logger('app', [handler]);
    handler.asked = 0;
    const now = t.mock.method(Date, 'now');
    logger.debug('Not wanted.');
    logger.log('INFO', 'Not wanted either.');
    assert.equal(handler.asked, 0);
    assert.equal(now.mock.callCount(), 0);
    assert.deepEqual(handler.records, []);
  });

  it('does not read the context of a call below every handler level', () => {
    const { stream, text } = collectingStream();
    const logger = new Logger('app', [new StreamHandler(stream, { level: 'ERROR' })]);
    let read = false;
    const context = {
      get route(): string {
        read = true;
        return 'home';
      },
    };
    logger.info('Matched route "{route}".', context);
    assert.equal(read, false);
    assert.equal(text(), '');
  });

  it('hands handlers a record with level, channel, message, time and the context as given', () => {
    const handler = new TestHandler();
    const context = { route: 'home' };
    const before = Date.now();
    new Logger('request', [handler]).info('Matched route "{route}".', context);
    const [record] = handler.records as [LogRecord];
    assert.equal(record.level, 'INFO');
    assert.equal(record.levelValue, LogLevel.INFO);
    assert.equal(record.channel, 'request');
    assert.equal(record.message, 'Matched route "{route}".');
    assert.equal(record.context, context);
    assert.ok(record.time >= before && record.time <= Date.now());
  });

  it('builds a message given as a function when first read, and only once', () => {
    const handler = new TestHandler();
    let built = 0;
    new Logger('request', [handler]).log(LogLevel.ERROR, () => `built ${++built}`);
    const [record] = handler.records as [LogRecord];
    assert.equal(built, 0);
    assert.equal(record.message, 'built 1');
    assert.equal(record.message, 'built 1');
    assert.equal(built, 1);
  });

  it('builds a message function with the argument given beside it, when first read, and only once', () => {
    const handler = new TestHandler();
    const error = new Error('disk full');
    const given: Error[] = [];
    const describeError = (e: Error): string => {
      given.push(e);
      return `Failed: ${e.message}`;
    };
    new Logger('request', [handler]).log(LogLevel.ERROR, describeError, { exception: error }, error);
    const [record] = handler.records as [LogRecord];
    assert.deepEqual(given, []);
    assert.equal(record.message, 'Failed: disk full');
    assert.equal(record.message, 'Failed: disk full');
    assert.deepEqual(given, [error]);
    assert.equal(record.context['exception'], error);
  });

  it('gives a record without context an empty context', () => {
    const handler = new TestHandler();
    new Logger('app', [handler]).notice('Plain.');
    assert.deepEqual(handler.records[0]!.context, {});
  });

  it('accepts a level by value or by name in log()', () => {
    const handler = new TestHandler();
    const logger = new Logger('app', [handler]);
    logger.log(LogLevel.WARNING, 'by value');
    logger.log('WARNING', 'by name');
    logger.log('warning', 'by lower-case name');
    assert.deepEqual(handler.records.map((r) => r.level), ['WARNING', 'WARNING', 'WARNING']);
  });

  it('names each level method after its level', () => {
    const handler = new TestHandler();
    const logger = new Logger('app', [handler]);
    for (const method of ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const) {
      logger[method](method);
    }
    assert.deepEqual(
      handler.records.map((r) => `${r.level}:${r.levelValue}`),
      ['DEBUG:100', 'INFO:200', 'NOTICE:250', 'WARNING:300', 'ERROR:400', 'CRITICAL:500', 'ALERT:550', 'EMERGENCY:600'],
    );
  });

  it('gives a channel made with withChannel the handlers of its parent, even those added later', () => {
    const parent = new Logger('app');
    const child = parent.withChannel('event');
    const handler = new TestHandler();
    parent.pushHandler(handler);
    child.debug('Notified event.');
    parent.info('From the parent.');
    assert.deepEqual(handler.records.map((r) => r.channel), ['event', 'app']);
  });

  it('lets a handler pushed on a child channel reach the parent too', () => {
    const parent = new Logger('app');
    const handler = new TestHandler();
    parent.withChannel('php').pushHandler(handler);
    parent.error('Seen.');
    assert.equal(handler.records.length, 1);
  });

  it('lowers its threshold when a handler with a lower level is pushed', () => {
    const logger = new Logger('app', [new TestHandler(LogLevel.ERROR)]);
    assert.equal(logger.isHandling('DEBUG'), false);
    const verbose = new TestHandler(LogLevel.DEBUG);
    logger.withChannel('event').pushHandler(verbose);
    logger.debug('Now wanted.');
    assert.equal(logger.isHandling(LogLevel.DEBUG), true);
    assert.equal(verbose.records.length, 1);
  });

  it('handles nothing while it has no handler', () => {
    assert.equal(new Logger('app').isHandling(LogLevel.EMERGENCY), false);
  });

  it('passes a record only to the handlers that take its level', () => {
    const errorsOnly = new TestHandler(LogLevel.ERROR);
    const everything = new TestHandler(LogLevel.DEBUG);
    new Logger('app', [errorsOnly, everything]).info('Routine.');
    assert.equal(errorsOnly.records.length, 0);
    assert.equal(everything.records.length, 1);
  });

  it('survives a throwing handler, still calls the next one and reports the failure once', (t) => {
    const stderr = t.mock.method(process.stderr, 'write', () => true);
    const after = new TestHandler();
    const logger = new Logger('app', [new ThrowingHandler(), after]);
    logger.error('First.');
    logger.withChannel('request').error('Second.');
    assert.equal(after.records.length, 2);
    assert.equal(stderr.mock.callCount(), 1);
    assert.match(String(stderr.mock.calls[0]!.arguments[0]), /ThrowingHandler failed[\s\S]*disk on fire/);
  });

  it('reports an async handler that rejects instead of leaving an unhandled rejection', async (t) => {
    const stderr = t.mock.method(process.stderr, 'write', () => true);
    const asyncHandler = {
      isHandling: () => true,
      handle: async (): Promise<void> => {
        throw new Error('remote log service down');
      },
    };
    new Logger('app', [asyncHandler]).error('Sent away.');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(stderr.mock.callCount(), 1);
    assert.match(String(stderr.mock.calls[0]!.arguments[0]), /remote log service down/);
  });

  it('closes and flushes every handler', async () => {
    const calls: string[] = [];
    const handler: LogHandler = {
      isHandling: () => true,
      handle: () => {},
      flushSync: () => calls.push('flushSync'),
      close: async () => {
        calls.push('close');
      },
    };
    const logger = new Logger('app', [handler]);
    logger.flushSync();
    await logger.withChannel('event').close();
    assert.deepEqual(calls, ['flushSync', 'close']);
  });
});
