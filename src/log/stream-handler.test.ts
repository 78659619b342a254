import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, describe, it } from 'node:test';
import { LogLevel } from './level.ts';
import { collectingStream as collect, logHandlerContract, makeRecord } from './log-handler.contract.test.ts';
import { StreamHandler } from './stream-handler.ts';

const dir = mkdtempSync(join(tmpdir(), 'sluice-stream-handler-'));
after(() => rmSync(dir, { recursive: true, force: true }));

logHandlerContract('StreamHandler', (level) => new StreamHandler(new PassThrough(), { level }));

describe('StreamHandler', () => {
  it('appends lines to a file, creating its directory, and has them on disk after close', async () => {
    const path = join(dir, 'var/log/dev.log');
    const handler = new StreamHandler(path);
    handler.handle(makeRecord({ message: 'first' }));
    handler.handle(makeRecord({ message: 'second' }));
    await handler.close();
    const again = new StreamHandler(path);
    again.handle(makeRecord({ message: 'third' }));
    await again.close();
    const lines = readFileSync(path, 'utf8').split('\n');
    assert.deepEqual(lines.map((line) => line.replace(/^\[[^\]]+\] /, '')), [
      'app.INFO: first [] []',
      'app.INFO: second [] []',
      'app.INFO: third [] []',
      '',
    ]);
  });

  it('has written everything buffered once flushSync returns', () => {
    const path = join(dir, 'flush.log');
    const handler = new StreamHandler(path);
    for (let i = 0; i < 100; i++) handler.handle(makeRecord({ message: `entry ${i}` }));
    handler.flushSync();
    assert.equal(readFileSync(path, 'utf8').split('\n').length, 101);
    return handler.close();
  });

  it('writes to a stream it is given and leaves it open on close', async () => {
    const { stream, text } = collect();
    const handler = new StreamHandler(stream);
    handler.handle(makeRecord({ channel: 'request', message: 'Matched route "{route}".', context: { route: 'home' } }));
    await handler.close();
    assert.match(text(), /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] request\.INFO: Matched route "home"\. \{"route":"home"\} \[\]\n$/);
    assert.equal(stream.writableEnded, false);
  });

  it('skips the channels its filter excludes', () => {
    const { stream, text } = collect();
    const handler = new StreamHandler(stream, { channels: ['!event'] });
    handler.handle(makeRecord({ channel: 'event', message: 'Notified event.' }));
    handler.handle(makeRecord({ channel: 'request', message: 'Kept.' }));
    assert.match(text(), /request\.INFO: Kept\./);
    assert.doesNotMatch(text(), /Notified/);
  });

  it('takes a level by name', () => {
    const handler = new StreamHandler(new PassThrough(), { level: 'error' });
    assert.equal(handler.isHandling(LogLevel.WARNING), false);
    assert.equal(handler.isHandling(LogLevel.ERROR), true);
  });

  it('uses a format it is given', () => {
    const { stream, text } = collect();
    new StreamHandler(stream, { format: (record) => `${record.level} ${record.message}\n` }).handle(makeRecord());
    assert.equal(text(), 'INFO Something happened.\n');
  });

  it('drops a record that arrives after close instead of throwing', async () => {
    const handler = new StreamHandler(join(dir, 'late.log'));
    await handler.close();
    handler.handle(makeRecord({ message: 'late' }));
    assert.equal(readFileSync(join(dir, 'late.log'), 'utf8'), '');
  });
});
