import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { LogDestination } from './log-destination.ts';

const dir = mkdtempSync(join(tmpdir(), 'sluice-log-destination-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('LogDestination', () => {
  it('writes the lines of one turn of the event loop to the file, in order, once the turn is done', async () => {
    const path = join(dir, 'one-piece.log');
    const destination = new LogDestination(path);
    destination.write('first\n');
    await Promise.resolve();
    destination.stream.write('second\n');
    destination.write('third\n');
    assert.equal(readFileSync(path, 'utf8'), '', 'nothing yet while the turn runs, across its microtasks');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(readFileSync(path, 'utf8'), 'first\nsecond\nthird\n', 'in the file already: the write is synchronous');
    destination.write('fourth\n');
    await destination.close();
    assert.equal(readFileSync(path, 'utf8'), 'first\nsecond\nthird\nfourth\n');
  });

  it('sets a file aside once it would grow past its size, keeping the newest N old ones', async () => {
    const path = join(dir, 'sized.log');
    const destination = new LogDestination(path, { maxBytes: 10, keep: 2 });
    for (const line of ['aaaaaaaa\n', 'bbbbbbbb\n', 'cccccccc\n', 'dddddddd\n']) {
      destination.write(line);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await destination.close();
    assert.equal(readFileSync(path, 'utf8'), 'dddddddd\n');
    assert.equal(readFileSync(`${path}.1`, 'utf8'), 'cccccccc\n');
    assert.equal(readFileSync(`${path}.2`, 'utf8'), 'bbbbbbbb\n');
    assert.equal(existsSync(`${path}.3`), false, 'the oldest is deleted');
  });

  it('writes each turn\'s text byte for byte, whatever its characters and its length', async () => {
    const path = join(dir, 'bytes.log');
    const destination = new LogDestination(path);
    const turns = [
      'Notified event "kernel.request" to listener "é::ü" 😀\n',
      `${'long line of the first request, ünïcödé and 😀 included\n'.repeat(3000)}`,
      'short\n',
      `${'x'.repeat(21_000)}\n`,
      `${'€'.repeat(30_000)}\n`,
      'last\n',
    ];
    for (const text of turns) {
      destination.write(text);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await destination.close();
    assert.equal(readFileSync(path, 'utf8'), turns.join(''));
  });

  it('rotates by the bytes written, not the characters', async () => {
    const path = join(dir, 'bytes-rotated.log');
    const destination = new LogDestination(path, { maxBytes: 10, keep: 1 });
    for (const line of ['éééé\n', 'ab\n']) {
      destination.write(line);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await destination.close();
    assert.equal(readFileSync(`${path}.1`, 'utf8'), 'éééé\n', 'nine bytes, then three more would pass ten');
    assert.equal(readFileSync(path, 'utf8'), 'ab\n');
  });

  it('refuses a rotation that keeps no old file', () => {
    assert.throws(() => new LogDestination(join(dir, 'none.log'), { maxBytes: 10, keep: 0 }), /at least 1 old file, 0 given/);
  });

  it('writes to a stream it is given at once', () => {
    const chunks: string[] = [];
    const destination = new LogDestination({ write: (text: string) => chunks.push(text) } as unknown as NodeJS.WritableStream);
    destination.write('now\n');
    assert.deepEqual(chunks, ['now\n']);
  });
});
