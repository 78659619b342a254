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
        extra: {},
        message: 'Matched route "home".',
      },
    ]);
  });

  it('writes an exception whole, as Monolog normalizes one: class, message, code, file:line, trace and previous', () => {
    const { stream, text } = collectingStream();
    const cause = Object.assign(new RangeError('inner'), { code: 7 });
    new JsonLinesHandler(stream).handle(makeRecord({ context: { exception: new TypeError('bad', { cause }) } }));
    const exception = (parsedLines(text())[0]!['context'] as Record<string, Record<string, unknown>>)['exception']!;
    assert.equal(exception['class'], 'TypeError');
    assert.equal(exception['message'], 'bad');
    assert.equal(exception['code'], 0);
    assert.match(String(exception['file']), /json-lines-handler\.test\.ts:\d+$/);
    assert.ok(Array.isArray(exception['trace']) && exception['trace'].length > 0, 'the trace frames are there');
    assert.match(String((exception['trace'] as string[])[0]), /:\d+$/);
    const previous = exception['previous'] as Record<string, unknown>;
    assert.deepEqual([previous['class'], previous['message'], previous['code']], ['RangeError', 'inner', 7]);
  });

  it('adds the extra fields it is given to every entry', () => {
    const { stream, text } = collectingStream();
    new JsonLinesHandler(stream, { extra: () => ({ request_id: 'abc' }) }).handle(makeRecord({ message: 'x' }));
    assert.deepEqual(parsedLines(text())[0]!['extra'], { request_id: 'abc' });
  });

  it('cuts long strings of the context at 1 KiB and the message at 2 KiB', () => {
    const { stream, text } = collectingStream();
    const long = 'x'.repeat(15_000);
    new JsonLinesHandler(stream).handle(makeRecord({ message: `path ${long}`, context: { uri: long } }));
    const written = text();
    assert.ok(written.length < 4000, `one entry of ${written.length} characters`);
    const [line] = parsedLines(written);
    assert.match(String((line!['context'] as Record<string, unknown>)['uri']), /^x{1024}\.\.\.\(13976 more characters\)$/);
    assert.match(String(line!['message']), /\.\.\.\(12957 more characters\)$/);
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
