import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { LogDestination } from './log-destination.ts';

const dir = mkdtempSync(join(tmpdir(), 'sluice-log-destination-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('LogDestination', () => {
  it('writes the lines of one turn of the event loop to the file in one piece, in order, once the turn is done', async () => {
    const path = join(dir, 'one-piece.log');
    const destination = new LogDestination(path);
    const handedOver: string[] = [];
    const stream = destination.stream as NodeJS.WritableStream;
    const write = stream.write.bind(stream) as (text: string) => boolean;
    (stream as unknown as { write(text: string): boolean }).write = (text) => {
      handedOver.push(text);
      return write(text);
    };
    destination.write('first\n');
    await Promise.resolve();
    for (const line of ['second\n', 'third\n']) destination.write(line);
    assert.deepEqual(handedOver, [], 'nothing yet while the turn runs, across its microtasks');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(handedOver, ['first\nsecond\nthird\n']);
    assert.equal(readFileSync(path, 'utf8'), 'first\nsecond\nthird\n', 'in the file already: the write is synchronous');
    destination.write('fourth\n');
    await destination.close();
    assert.equal(readFileSync(path, 'utf8'), 'first\nsecond\nthird\nfourth\n');
  });

  it('writes to a stream it is given at once', () => {
    const chunks: string[] = [];
    const destination = new LogDestination({ write: (text: string) => chunks.push(text) } as unknown as NodeJS.WritableStream);
    destination.write('now\n');
    assert.deepEqual(chunks, ['now\n']);
  });
});
