import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, describe, it } from 'node:test';
import { JsonLinesHandler } from './json-lines-handler.ts';
import { LogLevel } from './level.ts';
import { collectingStream, logHandlerContract, makeRecord } from './log-handler.contract.test.ts';

const dir = mkdtempSync(join(tmpdir(), 'sluice-json-lines-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function parsedLines(text: string): Record<string, unknown>[] {
  return text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
}

logHandlerContract('JsonLinesHandler', (level) => new JsonLinesHandler(new PassThrough(), { level }));

describe('JsonLinesHandler', () => {
  it('writes one JSON object per record with level, time, channel, filled message and context', () => {
    const { stream, text } = collectingStream();
    const handler = new JsonLinesHandler(stream);
    handler.handle(
      makeRecord({
        levelValue: LogLevel.NOTICE,
        level: 'NOTICE',
        time: Date.UTC(2020, 0, 1, 10, 0, 0, 250),
        channel: 'request',
        message: 'Matched route "{route}".',
        context: { route: 'home', at: new Date(0) },
      }),
    );
    assert.deepEqual(parsedLines(text()), [
      {
        level: 'NOTICE',
        levelValue: 250,
        time: '2020-01-01T10:00:00.250Z',
        channel: 'request',
        context: { route: 'home', at: '1970-01-01T00:00:00.000Z' },
        message: 'Matched route "home".',
      },
    ]);
  });

  it('writes an exception in the context as its normalized text', () => {
    const { stream, text } = collectingStream();
    new JsonLinesHandler(stream).handle(makeRecord({ context: { exception: new TypeError('bad') } }));
    const [line] = parsedLines(text());
    assert.match(String((line!['context'] as Record<string, unknown>)['exception']), /^\[object\] \(TypeError\(code: 0\): bad at /);
  });

  it('keeps printf-like sequences of a message as they are', () => {
    const { stream, text } = collectingStream();
    new JsonLinesHandler(stream).handle(makeRecord({ message: '100%s done %d' }));
    assert.equal(parsedLines(text())[0]!['message'], '100%s done %d');
  });

  it('writes one line per record, in order', () => {
    const { stream, text } = collectingStream();
    const handler = new JsonLinesHandler(stream);
    for (const message of ['a', 'b', 'c']) handler.handle(makeRecord({ message }));
    assert.deepEqual(parsedLines(text()).map((line) => line['message']), ['a', 'b', 'c']);
  });

  it('skips the channels its filter leaves out', () => {
    const { stream, text } = collectingStream();
    const handler = new JsonLinesHandler(stream, { channels: ['request'] });
    handler.handle(makeRecord({ channel: 'event' }));
    handler.handle(makeRecord({ channel: 'request' }));
    assert.deepEqual(parsedLines(text()).map((line) => line['channel']), ['request']);
  });

  it('writes to a file and has the lines there after close', async () => {
    const path = join(dir, 'logs/app.jsonl');
    const handler = new JsonLinesHandler(path, { level: 'info' });
    handler.handle(makeRecord({ message: 'to disk' }));
    await handler.close();
    assert.equal(parsedLines(readFileSync(path, 'utf8'))[0]!['message'], 'to disk');
  });
});
