import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LineBuffer, overwriteFileWith } from './profile-files.ts';

const root = mkdtempSync(join(tmpdir(), 'sluice-profile-files-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('LineBuffer', () => {
  it('reads a file\'s lines, growing to a file larger than itself, and leaves out empty lines', () => {
    const file = join(root, 'lines');
    const lines = Array.from({ length: 500 }, (_, i) => `{"n":${i},"text":"${'é€'.repeat(i % 7)}"}`);
    writeFileSync(file, `${lines.join('\n')}\n\n`);
    const buffer = new LineBuffer();
    assert.deepEqual(buffer.lines(buffer.read(file)), lines);
  });

  it('reads no line of an earlier, longer file after a shorter one', () => {
    const file = join(root, 'shorter');
    const buffer = new LineBuffer();
    writeFileSync(file, 'one\ntwo\nthree\n');
    assert.deepEqual(buffer.lines(buffer.read(file)), ['one', 'two', 'three']);
    writeFileSync(file, 'four');
    assert.deepEqual(buffer.lines(buffer.read(file)), ['four']);
  });

  it('writes lines back, each followed by a newline, over a longer file cut to their length', () => {
    const file = join(root, 'written');
    writeFileSync(file, 'x'.repeat(5000));
    const buffer = new LineBuffer();
    const bytes = buffer.put(['a€', 'b']);
    assert.equal(bytes, Buffer.byteLength('a€\nb\n'));
    overwriteFileWith(file, buffer.bytes, bytes);
    assert.equal(readFileSync(file, 'utf8'), 'a€\nb\n');
  });

  it('fails to read a file that is not there', () => {
    assert.throws(() => new LineBuffer().read(join(root, 'missing')), /ENOENT/);
  });
});
