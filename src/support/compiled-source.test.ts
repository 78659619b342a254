import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { framePosition, originalPosition } from './compiled-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'sluice-compiled-'));
const source = ['interface Shape { sides: number }', '', 'export function area(shape: Shape): number {', '  throw new Error(`no area for ${shape.sides} sides`);', '}', ''].join('\n');
const compiled = transformSync(source, { loader: 'ts', format: 'esm', sourcemap: 'external', sourcefile: '../src/shape.ts' });
writeFileSync(join(dir, 'shape.js'), compiled.code);
writeFileSync(join(dir, 'shape.js.map'), compiled.map);
writeFileSync(join(dir, 'plain.js'), compiled.code);

describe('originalPosition', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('gives the .ts file and line a position of compiled code comes from, by the map beside the file', () => {
    const lines = compiled.code.split('\n');
    const line = lines.findIndex((text) => text.includes('throw new Error')) + 1;
    const column = lines[line - 1]!.indexOf('throw') + 1;
    const position = originalPosition(join(dir, 'shape.js'), line, column);
    assert.equal(position?.file, join(dir, '..', 'src', 'shape.ts'));
    assert.equal(position?.line, 4);
  });

  it('gives nothing for a file without a map, or one that is not compiled JavaScript', () => {
    assert.equal(originalPosition(join(dir, 'plain.js'), 1, 1), undefined);
    assert.equal(originalPosition(join(dir, 'shape.ts'), 1, 1), undefined);
  });
});

describe('framePosition', () => {
  it('gives compiled code\'s frames their .ts position, as a path or a file: URL names the file', () => {
    const lines = compiled.code.split('\n');
    const line = lines.findIndex((text) => text.includes('throw new Error')) + 1;
    const expected = { file: join(dir, '..', 'src', 'shape.ts'), line: 4 };
    for (const file of [join(dir, 'shape.js'), pathToFileURL(join(dir, 'shape.js')).href]) {
      const position = framePosition(file, line, 3);
      assert.deepEqual({ file: position?.file, line: position?.line }, expected);
    }
  });

  it('gives other files their own absolute path and position', () => {
    assert.deepEqual(framePosition(pathToFileURL(join(dir, 'plain.js')).href, 7, 9), { file: join(dir, 'plain.js'), line: 7, column: 9 });
    assert.deepEqual(framePosition('/srv/app/x.ts', 2, 5), { file: '/srv/app/x.ts', line: 2, column: 5 });
  });

  it('gives nothing for what is not a file on disk: Node\'s own modules, anonymous code, a malformed file: URL', () => {
    for (const file of ['node:internal/modules/run_main', '<anonymous>', 'file://remote-host/x.js']) assert.equal(framePosition(file, 1, 1), undefined, file);
  });

  it('gives the same answers when asked again, from what it kept', () => {
    const lines = compiled.code.split('\n');
    const line = lines.findIndex((text) => text.includes('throw new Error')) + 1;
    const first = framePosition(join(dir, 'shape.js'), line, 3);
    assert.equal(framePosition(join(dir, 'shape.js'), line, 3), first);
    assert.equal(first?.line, 4);
    assert.equal(framePosition('node:fs', 3, 1), undefined);
    assert.equal(framePosition('node:fs', 3, 1), undefined);
  });
});
