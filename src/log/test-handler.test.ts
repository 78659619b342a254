import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LogLevel } from './level.ts';
import { logHandlerContract, makeRecord } from './log-handler.contract.test.ts';
import { TestHandler } from './test-handler.ts';

logHandlerContract('TestHandler', (level) => new TestHandler(level));

describe('TestHandler', () => {
  it('finds a record by its template or by its filled message', () => {
    const handler = new TestHandler();
    handler.handle(makeRecord({ message: 'Matched route "{route}".', context: { route: 'home' } }));
    assert.equal(handler.hasRecordThatContains('"{route}"'), true);
    assert.equal(handler.hasRecordThatContains('"home"'), true);
    assert.equal(handler.hasRecordThatContains('"about"'), false);
  });

  it('finds a record only at the level asked for', () => {
    const handler = new TestHandler();
    handler.handle(makeRecord({ message: 'x', levelValue: LogLevel.INFO, level: 'INFO' }));
    assert.equal(handler.hasRecordThatContains('x', 'INFO'), true);
    assert.equal(handler.hasRecordThatContains('x', LogLevel.ERROR), false);
    assert.equal(handler.hasRecordsAt('info'), true);
  });

  it('lists the filled messages', () => {
    const handler = new TestHandler();
    handler.handle(makeRecord({ message: 'Hello {name}.', context: { name: 'Ada' } }));
    assert.deepEqual(handler.messages, ['Hello Ada.']);
  });

  it('forgets its records on clear', () => {
    const handler = new TestHandler();
    handler.handle(makeRecord());
    handler.clear();
    assert.deepEqual(handler.records, []);
  });
});
