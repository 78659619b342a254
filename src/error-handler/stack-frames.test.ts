import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { describeFrame, excerptOf, isProjectSource, parseStackFrames, readLines, stackFramesOf } from './stack-frames.ts';

const root = '/srv/app';

function parseOne(line: string) {
  const frames = parseStackFrames(`Error: boom\n${line}`, root);
  assert.equal(frames.length, 1);
  return frames[0]!;
}

describe('stackFramesOf', () => {
  it('parses an error\'s stack once, and again once the stack or the root is another', () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at first (/srv/app/src/a.ts:1:1)';
    const frames = stackFramesOf(error, error.stack, root);
    assert.deepEqual(frames, parseStackFrames(error.stack, root));
    assert.equal(stackFramesOf(error, error.stack, root), frames, 'the same frames, not parsed again');
    assert.equal(stackFramesOf(error, error.stack, '/srv')[0]!.file, 'app/src/a.ts');
    error.stack = 'Error: boom\n    at second (/srv/app/src/b.ts:2:2)';
    assert.equal(stackFramesOf(error, error.stack, root)[0]!.function, 'second');
  });
});

describe('stackFramesOf, across errors', () => {
  const frames = '    at show (/srv/app/src/a.ts:3:9)\n    at main (/srv/app/src/main.ts:1:1)';
  const errorWith = (stack: string): Error => Object.assign(new Error('x'), { stack });

  it('gives the errors of one place, under other messages, one shared and frozen array of the same frames', () => {
    const first = errorWith(`Error: first\n${frames}`);
    const second = errorWith(`Error: second\n${frames}`);
    const shared = stackFramesOf(first, first.stack!, root);
    assert.equal(stackFramesOf(second, second.stack!, root), shared);
    assert.ok(Object.isFrozen(shared));
    assert.deepEqual(shared, parseStackFrames(first.stack!, root));
  });

  it('leaves out as many header lines as it is told, whatever they hold', () => {
    const twoLines = errorWith(`Error: first line\n    at not a frame (/srv/app/src/x.ts:9:9)\n${frames}`);
    const parsed = stackFramesOf(twoLines, twoLines.stack!, root, 2);
    assert.deepEqual(parsed.map((frame) => frame.function), ['show', 'main']);
    assert.deepEqual(stackFramesOf(errorWith('Error: only a header'), 'Error: only a header', root, 3), []);
  });

  it('makes other frames for another project root', () => {
    const error = errorWith(`Error: x\n${frames}`);
    assert.equal(stackFramesOf(error, error.stack!, root)[0]!.file, 'src/a.ts');
    assert.equal(stackFramesOf(errorWith(error.stack!), error.stack!, '/srv')[0]!.file, 'app/src/a.ts');
  });

  it('keeps a bounded number of stacks: past the bound a stack is parsed again into the same frames', () => {
    const stack = `Error: x\n${frames}\n    at bounded (/srv/app/src/bounded.ts:1:1)`;
    const kept = stackFramesOf(errorWith(stack), stack, root);
    for (let i = 0; i < 300; i++) {
      const other = `Error: x\n    at other${i} (/srv/app/src/other.ts:${i + 1}:1)`;
      stackFramesOf(errorWith(other), other, root);
    }
    const again = stackFramesOf(errorWith(stack), stack, root);
    assert.notEqual(again, kept, 'the table was emptied when full');
    assert.deepEqual(again, kept);
  });
});

describe('parseStackFrames', () => {
  it('reads a named frame with its file relative to the project root', () => {
    const frame = parseOne('    at RouterListener.onKernelRequest (/srv/app/src/router-listener.ts:136:13)');
    assert.equal(frame.function, 'RouterListener.onKernelRequest');
    assert.equal(frame.file, 'src/router-listener.ts');
    assert.equal(frame.absoluteFile, '/srv/app/src/router-listener.ts');
    assert.equal(frame.line, 136);
    assert.equal(frame.column, 13);
    assert.equal(frame.isVendor, false);
    assert.equal(frame.isInternal, false);
  });

  it('reads an anonymous frame given as a bare location', () => {
    const frame = parseOne('    at /srv/app/src/main.ts:7:1');
    assert.equal(frame.function, '');
    assert.equal(frame.file, 'src/main.ts');
    assert.equal(frame.line, 7);
  });

  it('turns file:// URLs into paths', () => {
    const frame = parseOne('    at handle (file:///srv/app/src/kernel.ts:40:5)');
    assert.equal(frame.file, 'src/kernel.ts');
    assert.equal(frame.absoluteFile, '/srv/app/src/kernel.ts');
  });

  it('marks async frames and constructors', () => {
    const asyncFrame = parseOne('    at async HttpKernel.handle (/srv/app/src/kernel.ts:10:3)');
    assert.equal(asyncFrame.isAsync, true);
    assert.equal(asyncFrame.function, 'HttpKernel.handle');
    const constructor = parseOne('    at new Foo (/srv/app/src/foo.ts:3:25)');
    assert.equal(constructor.isConstructor, true);
    assert.equal(constructor.function, 'new Foo');
  });

  it('marks frames under node_modules as vendor frames', () => {
    const frame = parseOne('    at Object.transformer (/srv/app/node_modules/tsx/dist/register.cjs:22:2188)');
    assert.equal(frame.isVendor, true);
    assert.equal(frame.file, 'node_modules/tsx/dist/register.cjs');
  });

  it("marks Node's own frames and builtins as internal", () => {
    const node = parseOne('    at Module._compile (node:internal/modules/cjs/loader:1521:14)');
    assert.equal(node.isInternal, true);
    assert.equal(node.file, 'node:internal/modules/cjs/loader');
    assert.equal(node.absoluteFile, undefined);
    const builtin = parseOne('    at Array.forEach (<anonymous>)');
    assert.equal(builtin.isInternal, true);
    assert.equal(builtin.line, 0);
    const all = parseOne('    at async Promise.all (index 0)');
    assert.equal(all.isInternal, true);
    assert.equal(all.function, 'Promise.all');
  });

  it('keeps the absolute path of files outside the project root', () => {
    assert.equal(parseOne('    at f (/opt/lib/x.ts:1:2)').file, '/opt/lib/x.ts');
  });

  it("names eval'd code without pointing into a file", () => {
    const frame = parseOne('    at eval (eval at <anonymous> (/srv/app/src/a.ts:2:411), <anonymous>:1:6)');
    assert.equal(frame.file, '<eval>');
    assert.equal(frame.absoluteFile, undefined);
  });

  it('does not take lines of a multi-line message for frames', () => {
    const stack = 'Error: first\n    at not (/srv/app/a-frame.ts:1:1)\n    at real (/srv/app/src/real.ts:2:3)';
    const frames = parseStackFrames(stack, root, 2);
    assert.deepEqual(frames.map((f) => f.function), ['real']);
  });

  it('writes a frame back as V8 does', () => {
    assert.equal(describeFrame(parseOne('    at async run (/srv/app/src/a.ts:1:2)')), 'async run (src/a.ts:1:2)');
    assert.equal(describeFrame(parseOne('    at /srv/app/src/a.ts:1:2')), 'src/a.ts:1:2');
  });
});

describe('a source excerpt', () => {
  const thisFile = fileURLToPath(import.meta.url);
  const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
  const lines = readFileSync(thisFile, 'utf8').split('\n');
  const markerLine = lines.findIndex((text) => text.includes('excerpt marker')) + 1;

  it('shows a few lines around the frame, the frame line selected', () => {
    const excerpt = excerptOf(readLines(thisFile), markerLine, 2)!;
    assert.equal(excerpt.firstLine, markerLine - 2);
    assert.equal(excerpt.lines.length, 5);
    assert.match(excerpt.lines[excerpt.selectedLine - excerpt.firstLine]!, /excerpt marker/);
  });

  it('stops at the start and the end of the file', () => {
    assert.equal(excerptOf(readLines(thisFile), 1, 3)!.firstLine, 1);
    const last = excerptOf(readLines(thisFile), lines.length, 3)!;
    assert.equal(last.firstLine + last.lines.length - 1, lines.length);
  });

  it('reads the same lines again while the file is unchanged', () => {
    assert.equal(readLines(thisFile), readLines(thisFile));
  });

  it('counts as project source only what is under the project root and outside node_modules', () => {
    assert.equal(isProjectSource(thisFile, projectRoot), true);
    assert.equal(isProjectSource(thisFile, '/nonexistent/root'), false);
    assert.equal(isProjectSource(fileURLToPath(new URL('../../node_modules/esbuild/package.json', import.meta.url)), projectRoot), false);
  });

  it('shows nothing for a file that cannot be read or a line past its end', () => {
    assert.equal(readLines(`${projectRoot}no-such-file.ts`), undefined);
    assert.equal(excerptOf(readLines(`${projectRoot}no-such-file.ts`), 1), undefined);
    assert.equal(excerptOf(readLines(thisFile), lines.length + 10), undefined);
    assert.equal(excerptOf(readLines(thisFile), 0), undefined);
  });
});
