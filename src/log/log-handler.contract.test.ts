// The contract every LogHandler keeps, run by each handler's own test file in a few lines.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { LogLevel, levelName, type LevelValue } from './level.ts';
import type { LogHandler, LogRecord } from './log-record.ts';

export function makeRecord(overrides: Partial<LogRecord> = {}): LogRecord {
  const levelValue = overrides.levelValue ?? LogLevel.INFO;
  return {
    level: levelName(levelValue),
    levelValue,
    time: Date.UTC(2020, 0, 1, 10, 0, 0),
    channel: 'app',
    message: 'Something happened.',
    context: {},
    ...overrides,
  };
}

/** A stream that keeps what it is given, synchronously, so tests need not wait. */
export function collectingStream(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

export function logHandlerContract(name: string, make: (level: LevelValue) => LogHandler): void {
  describe(`${name} as a LogHandler`, () => {
    it('handles its own level and the levels above it', () => {
      const handler = make(LogLevel.WARNING);
      assert.equal(handler.isHandling(LogLevel.WARNING), true);
      assert.equal(handler.isHandling(LogLevel.EMERGENCY), true);
    });

    it('does not handle the levels below its own', () => {
      assert.equal(make(LogLevel.WARNING).isHandling(LogLevel.NOTICE), false);
    });

    it('takes a record and closes without throwing', async () => {
      const handler = make(LogLevel.DEBUG);
      handler.handle(makeRecord({ context: { exception: new Error('boom') } }));
      handler.flushSync?.();
      await handler.close?.();
    });
  });
}
