import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { RequestStack } from '../http/request-stack.ts';
import { FingersCrossedHandler, type FingersCrossedOptions } from './fingers-crossed-handler.ts';
import { LogLevel } from './level.ts';
import { logHandlerContract } from './log-handler.contract.test.ts';
import { Logger } from './logger.ts';
import { TestHandler } from './test-handler.ts';

class HttpError extends Error {
  constructor(readonly statusCode: number) {
    super(`HTTP ${statusCode}`);
  }
}

function setUp(options?: FingersCrossedOptions) {
  const requestStack = new RequestStack();
  const written = new TestHandler();
  const fingersCrossed = new FingersCrossedHandler(written, requestStack, options);
  const logger = new Logger('app', [fingersCrossed]);
  return { requestStack, written, fingersCrossed, logger, messages: () => written.records.map((r) => r.message) };
}

logHandlerContract('FingersCrossedHandler', (level) => new FingersCrossedHandler(new TestHandler(), new RequestStack(), { level }));

describe('FingersCrossedHandler', () => {
  it('writes nothing for a request without an error', () => {
    const { requestStack, logger, messages } = setUp();
    requestStack.runMain({}, () => {
      logger.debug('routine');
      logger.warning('odd but fine');
    });
    assert.deepEqual(messages(), []);
  });

  it('writes every record of the request, in order, once one reaches ERROR', () => {
    const { requestStack, logger, messages } = setUp();
    requestStack.runMain({}, () => {
      logger.info('User Deprecated: …');
      logger.debug('Notified event');
      assert.deepEqual(messages(), []);
      logger.critical('Uncaught Exception RuntimeException', { exception: new Error('boom') });
    });
    assert.deepEqual(messages(), ['User Deprecated: …', 'Notified event', 'Uncaught Exception RuntimeException']);
  });

  it('passes the later records of an activated request straight through', () => {
    const { requestStack, logger, messages } = setUp();
    requestStack.runMain({}, () => {
      logger.error('failure');
      logger.debug('after');
      assert.deepEqual(messages(), ['failure', 'after']);
    });
  });

  it('writes nothing for a 404 or a 405 error', () => {
    const { requestStack, logger, messages } = setUp();
    requestStack.runMain({}, () => {
      logger.debug('kernel.request');
      logger.error('No route found for "GET /missing"', { exception: new HttpError(404) });
    });
    requestStack.runMain({}, () => logger.error('Method Not Allowed', { exception: new HttpError(405) }));
    assert.deepEqual(messages(), []);
  });

  it('is activated by an HTTP error whose status is not excluded', () => {
    const { requestStack, logger, messages } = setUp();
    requestStack.runMain({}, () => logger.error('Forbidden', { exception: new HttpError(403) }));
    assert.deepEqual(messages(), ['Forbidden']);
  });

  it('writes an excluded error with the rest when a real error follows in the same request', () => {
    const { requestStack, logger, messages } = setUp();
    requestStack.runMain({}, () => {
      logger.error('not found', { exception: new HttpError(404) });
      logger.critical('the error page failed too', { exception: new Error('template missing') });
    });
    assert.deepEqual(messages(), ['not found', 'the error page failed too']);
  });

  it('does not mix the records of two requests running at the same time', async () => {
    const { requestStack, logger, messages } = setUp();
    await Promise.all([
      requestStack.runMain({}, async () => {
        logger.info('a: start');
        await tick();
        logger.error('a: failed');
        await tick();
        logger.info('a: end');
      }),
      requestStack.runMain({}, async () => {
        logger.info('b: start');
        await tick();
        logger.info('b: end');
      }),
    ]);
    assert.deepEqual(messages(), ['a: start', 'a: failed', 'a: end']);
  });

  it('outside a request, writes only records at the activation level', () => {
    const { logger, messages } = setUp();
    logger.warning('boot warning');
    logger.error('boot error');
    logger.info('boot info after the error');
    assert.deepEqual(messages(), ['boot error']);
  });

  it('keeps only the most recent records of a request beyond its buffer size', () => {
    const { requestStack, logger, messages } = setUp({ bufferSize: 2 });
    requestStack.runMain({}, () => {
      for (const message of ['1', '2', '3']) logger.info(message);
      logger.error('4');
    });
    assert.deepEqual(messages(), ['3', '4']);
  });

  it('forgets what a request held back once the request ends', () => {
    const { requestStack, logger, fingersCrossed, messages } = setUp();
    const main = {};
    requestStack.runMain(main, () => logger.info('held back'));
    fingersCrossed.endRequest(main);
    requestStack.runMain(main, () => logger.error('late error'));
    assert.deepEqual(messages(), ['late error']);
  });

  it('activates at the level it is given', () => {
    const { requestStack, logger, messages } = setUp({ activationLevel: 'WARNING' });
    requestStack.runMain({}, () => logger.warning('slow query'));
    assert.deepEqual(messages(), ['slow query']);
  });

  it('hands the wrapped handler only the records at its level', () => {
    const requestStack = new RequestStack();
    const errorsOnly = new TestHandler(LogLevel.ERROR);
    const logger = new Logger('app', [new FingersCrossedHandler(errorsOnly, requestStack)]);
    requestStack.runMain({}, () => {
      logger.info('context');
      logger.error('failure');
    });
    assert.deepEqual(errorsOnly.messages, ['failure']);
  });
});
