import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { RequestStack } from '../http/request-stack.ts';
import { DebugLogger } from './debug-logger.ts';
import { LogLevel } from './level.ts';
import { logHandlerContract } from './log-handler.contract.test.ts';
import { Logger } from './logger.ts';

interface FakeRequest {
  readonly path: string;
}

function setUp(options?: ConstructorParameters<typeof DebugLogger>[1]) {
  const requestStack = new RequestStack<FakeRequest>();
  const debugLogger = new DebugLogger(requestStack, options);
  const logger = new Logger('app', [debugLogger]);
  const messages = (request?: FakeRequest) => debugLogger.getLogs(request).map((record) => record.message);
  return { requestStack, debugLogger, logger, messages };
}

logHandlerContract('DebugLogger', (level) => new DebugLogger(new RequestStack(), { level }));

describe('DebugLogger', () => {
  it('keeps each main request apart from the others running at the same time', async () => {
    const { requestStack, logger, messages } = setUp();
    const a = { path: '/a' };
    const b = { path: '/b' };
    const seen: Record<string, string[]> = {};
    await Promise.all([
      requestStack.runMain(a, async () => {
        logger.info('a1');
        await tick();
        logger.info('a2');
        await tick();
        seen['a'] = messages();
      }),
      requestStack.runMain(b, async () => {
        logger.info('b1');
        await tick();
        logger.info('b2');
        await tick();
        seen['b'] = messages();
      }),
    ]);
    assert.deepEqual(seen, { a: ['a1', 'a2'], b: ['b1', 'b2'] });
  });

  it("puts the main request's group before a sub-request's, even for records written after it", async () => {
    const { requestStack, logger, messages } = setUp();
    const main = { path: '/missing' };
    const errorPage = { path: '/_error' };
    let duringSubRequest: string[] = [];
    let afterSubRequest: string[] = [];
    await Promise.all([
      requestStack.runMain(main, async () => {
        logger.error('main: no route found');
        requestStack.push(errorPage);
        logger.debug('sub: kernel.request');
        await tick();
        logger.debug('sub: kernel.controller');
        duringSubRequest = messages();
        requestStack.pop();
        await tick();
        logger.debug('main: kernel.exception');
        afterSubRequest = messages();
      }),
      requestStack.runMain({ path: '/other' }, async () => {
        logger.info('other request');
        await tick();
        logger.info('other request again');
      }),
    ]);
    assert.deepEqual(duringSubRequest, ['main: no route found', 'sub: kernel.request', 'sub: kernel.controller']);
    assert.deepEqual(afterSubRequest, [
      'main: no route found',
      'main: kernel.exception',
      'sub: kernel.request',
      'sub: kernel.controller',
    ]);
  });

  it('puts the main group first even when a sub-request logs before the main request does', () => {
    const { requestStack, logger, messages } = setUp();
    requestStack.runMain({ path: '/' }, () => {
      requestStack.push({ path: '/_fragment' });
      logger.info('sub');
      requestStack.pop();
      logger.info('main');
      assert.deepEqual(messages(), ['main', 'sub']);
    });
  });

  it("gives one request's own records when asked for that request", () => {
    const { requestStack, logger, messages } = setUp();
    const main = { path: '/' };
    const sub = { path: '/_error' };
    requestStack.runMain(main, () => {
      logger.info('main');
      requestStack.push(sub);
      logger.info('sub');
      requestStack.pop();
    });
    assert.deepEqual(messages(main), ['main']);
    assert.deepEqual(messages(sub), ['sub']);
    assert.deepEqual(messages({ path: '/never-seen' }), []);
  });

  it('keeps records as given, placeholders unfilled', () => {
    const { requestStack, logger, debugLogger } = setUp();
    const context = { route: 'home' };
    requestStack.runMain({ path: '/' }, () => {
      logger.withChannel('request').info('Matched route "{route}".', context);
      const [record] = debugLogger.getLogs();
      assert.equal(record!.message, 'Matched route "{route}".');
      assert.equal(record!.context, context);
      assert.equal(record!.channel, 'request');
    });
  });

  it('counts the records at ERROR and above', () => {
    const { requestStack, logger, debugLogger } = setUp();
    requestStack.runMain({ path: '/' }, () => {
      logger.warning('w');
      logger.error('e');
      logger.critical('c');
      assert.equal(debugLogger.countErrors(), 2);
    });
  });

  it('keeps records logged outside any request in a group of their own', () => {
    const { requestStack, logger, messages } = setUp();
    logger.info('at boot');
    requestStack.runMain({ path: '/' }, () => {
      logger.info('in a request');
      assert.deepEqual(messages(), ['in a request']);
    });
    assert.deepEqual(messages(), ['at boot']);
  });

  it('bounds the records kept outside requests, dropping the oldest', () => {
    const { logger, messages } = setUp({ maxRecordsOutsideRequests: 2 });
    for (const message of ['1', '2', '3']) logger.info(message);
    assert.deepEqual(messages(), ['2', '3']);
  });

  it('forgets a main request and its sub-requests once cleared', () => {
    const { requestStack, logger, debugLogger, messages } = setUp();
    const main = { path: '/' };
    const sub = { path: '/_error' };
    requestStack.runMain(main, () => {
      logger.info('main');
      requestStack.push(sub);
      logger.info('sub');
    });
    debugLogger.clear(main);
    assert.deepEqual(debugLogger.getTreeLogs(main), []);
    assert.deepEqual(messages(sub), []);
  });

  it('does not bring back a cleared request for a record it logs late', () => {
    const { requestStack, logger, debugLogger } = setUp();
    const main = { path: '/' };
    requestStack.runMain(main, () => logger.info('during'));
    debugLogger.clear(main);
    requestStack.runMain(main, () => logger.info('a timer the request left behind'));
    assert.deepEqual(debugLogger.getTreeLogs(main), []);
  });

  it('files each record under the request current when it was logged, as requests take turns', () => {
    const { requestStack, logger, messages } = setUp();
    const main = { path: '/' };
    const first = { path: '/_error' };
    const second = { path: '/_fragment' };
    requestStack.runMain(main, () => {
      logger.info('main 1');
      requestStack.push(first);
      logger.info('first 1');
      logger.info('first 2');
      requestStack.pop();
      logger.info('main 2');
      requestStack.push(second);
      logger.info('second 1');
      requestStack.pop();
      logger.info('main 3');
    });
    assert.deepEqual(messages(main), ['main 1', 'main 2', 'main 3']);
    assert.deepEqual(messages(first), ['first 1', 'first 2']);
    assert.deepEqual(messages(second), ['second 1']);
  });

  it('drops what a request logs once its main request was cleared, also right after its last record', () => {
    const { requestStack, logger, debugLogger, messages } = setUp();
    const main = { path: '/' };
    requestStack.runMain(main, () => {
      logger.info('kept until cleared');
      debugLogger.clear(main);
      logger.info('dropped');
    });
    assert.deepEqual(debugLogger.getTreeLogs(main), []);
    assert.deepEqual(messages(main), []);
  });

  it('opens a new tree for the next request after the last one was dropped to keep the bound', () => {
    const { requestStack, logger, debugLogger } = setUp({ maxTrees: 1 });
    const first = { path: '/1' };
    const second = { path: '/2' };
    requestStack.runMain(first, () => logger.info('first'));
    requestStack.runMain(second, () => logger.info('second'));
    requestStack.runMain(second, () => logger.info('second again'));
    assert.deepEqual(debugLogger.getTreeLogs(first).map((record) => record.message), []);
    assert.deepEqual(debugLogger.getTreeLogs(second).map((record) => record.message), ['second', 'second again']);
  });

  it('keeps at most the configured number of main requests, dropping the oldest', () => {
    const { requestStack, logger, debugLogger } = setUp({ maxTrees: 2 });
    const requests = [{ path: '/1' }, { path: '/2' }, { path: '/3' }];
    for (const request of requests) requestStack.runMain(request, () => logger.info(request.path));
    assert.deepEqual(
      requests.map((request) => debugLogger.getTreeLogs(request).length),
      [0, 1, 1],
    );
  });

  it('keeps DEBUG records by default and can be given a higher level', () => {
    assert.equal(new DebugLogger(new RequestStack()).isHandling(LogLevel.DEBUG), true);
    assert.equal(new DebugLogger(new RequestStack(), { level: 'INFO' }).isHandling(LogLevel.DEBUG), false);
  });
});
