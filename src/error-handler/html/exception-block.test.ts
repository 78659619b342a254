import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it, mock } from 'node:test';
import type { FlattenException } from '../flatten-exception.ts';
import { parseStackFrames, stackFramesOf } from '../stack-frames.ts';
import { renderExceptionBlock } from './exception-block.ts';

const projectRoot = mkdtempSync(join(tmpdir(), 'sluice-exception-block-'));
mkdirSync(join(projectRoot, 'src'));
const controller = join(projectRoot, 'src', 'controller.ts');
writeFileSync(controller, ['export function show() {', '  const id = 1;', "  throw new Error('first version');", '}'].join('\n'));
after(() => rmSync(projectRoot, { recursive: true, force: true }));

const stack = [
  'Error: boom',
  `    at show (${controller}:3:9)`,
  `    at Router.dispatch (${join(projectRoot, 'node_modules', 'router', 'index.js')}:10:5)`,
  '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
  `    at main (${controller}:1:1)`,
  `    at missing (${join(projectRoot, 'src', 'gone.ts')}:4:2)`,
].join('\n');

/** A flattened error whose frames are those of `stack`, parsed as every page parses them (shared frames). */
function flatError(): FlattenException {
  return { className: 'Error', message: 'boom', file: 'src/controller.ts', line: 3, trace: parseStackFrames(stack, projectRoot) } as unknown as FlattenException;
}

describe('renderExceptionBlock', () => {
  it('renders the same frames of another error the same way: the first with its source open, the next closed, the rest folded or bare', () => {
    const first = renderExceptionBlock(flatError(), 0, 1, projectRoot);
    assert.match(first, /<details open><summary><span class="frame-function">show<\/span> <span class="frame-file">src\/controller\.ts:3<\/span><\/summary><ol class="source" start="1">/);
    assert.match(first, /<li class="selected"><code> {2}throw new Error\('first version'\);<\/code><\/li>/);
    assert.match(first, /<details><summary>2 frames \(1 in node_modules, 1 in Node\)<\/summary>/);
    assert.match(first, /<li class="frame frame-app"><details><summary><span class="frame-function">main<\/span>/);
    assert.match(first, /<li class="frame frame-app"><span class="frame-function">missing<\/span> <span class="frame-file">src\/gone\.ts:4<\/span><\/li>/);
    assert.equal(renderExceptionBlock(flatError(), 0, 1, projectRoot), first);
  });

  it('shows the source of a file edited since, once the file is looked at again', (t) => {
    mock.timers.enable({ apis: ['Date'], now: Date.now() });
    t.after(() => mock.timers.reset());
    const before = renderExceptionBlock(flatError(), 0, 1, projectRoot);
    assert.match(before, /first version/);
    writeFileSync(controller, ['export function show() {', '  const id = 1;', "  throw new Error('second version');", '}'].join('\n'));
    const edited = new Date(Date.now() + 60_000);
    utimesSync(controller, edited, edited);
    mock.timers.tick(5_000);
    const after = renderExceptionBlock(flatError(), 0, 1, projectRoot);
    assert.match(after, /second version/);
    assert.doesNotMatch(after, /first version/);
    assert.equal(after, before.replaceAll('first version', 'second version'));
  });

  it('renders the same frames against another project root anew', () => {
    const outside = renderExceptionBlock(flatError(), 0, 1, join(projectRoot, 'src'));
    assert.match(outside, /<span class="frame-file">controller\.ts:3<\/span>/);
    assert.match(renderExceptionBlock(flatError(), 0, 1, projectRoot), /<span class="frame-file">src\/controller\.ts:3<\/span>/);
  });
});

/** A flattened error whose frames are the shared ones every error of this place gets (see stackFramesOf). */
function sharedFlatError(message = 'boom', root = projectRoot): FlattenException {
  const error = Object.assign(new Error(message), { stack: stack.replace('Error: boom', `Error: ${message}`) });
  return { className: 'Error', message, file: 'src/controller.ts', line: 3, trace: stackFramesOf(error, error.stack, root) } as unknown as FlattenException;
}

describe('renderExceptionBlock, of errors sharing their frames', () => {
  it('gives a kept rendering that is byte for byte what a fresh one is', () => {
    const kept = renderExceptionBlock(sharedFlatError(), 0, 2, projectRoot);
    assert.equal(renderExceptionBlock(sharedFlatError(), 0, 2, projectRoot), kept);
    // frames parsed anew are kept by no one: rendered from scratch
    assert.equal(renderExceptionBlock(flatError(), 0, 2, projectRoot), kept);
  });

  it('shows another message, place in the chain or chain length, not the kept block', () => {
    renderExceptionBlock(sharedFlatError('boom'), 0, 2, projectRoot);
    assert.match(renderExceptionBlock(sharedFlatError('other <b>'), 0, 2, projectRoot), /<p class="exception-message">other &lt;b&gt;<\/p>/);
    assert.match(renderExceptionBlock(sharedFlatError('boom'), 1, 2, projectRoot), /id="exception-2"[^]*2\/2/);
    assert.doesNotMatch(renderExceptionBlock(sharedFlatError('boom'), 0, 1, projectRoot), /exception-position/);
  });

  it('renders a kept trace anew once a file it shows source from changed', (t) => {
    mock.timers.enable({ apis: ['Date'], now: Date.now() });
    t.after(() => mock.timers.reset());
    const version = (text: string): void => {
      writeFileSync(controller, ['export function show() {', '  const id = 1;', `  throw new Error('${text}');`, '}'].join('\n'));
      const edited = new Date(Date.now() + 120_000 + text.length * 1000);
      utimesSync(controller, edited, edited);
      // past the second in which readLines takes a file looked at as unchanged (the test before looked at it too)
      mock.timers.tick(10_000);
    };
    version('kept version');
    const before = renderExceptionBlock(sharedFlatError(), 0, 1, projectRoot);
    assert.match(before, /kept version/);
    version('edited version');
    const after = renderExceptionBlock(sharedFlatError(), 0, 1, projectRoot);
    assert.equal(after, before.replaceAll('kept version', 'edited version'));
  });

  it('renders a kept trace anew under another project root', () => {
    assert.match(renderExceptionBlock(sharedFlatError(), 0, 1, projectRoot), /<span class="frame-file">src\/controller\.ts:3<\/span>/);
    const inner = join(projectRoot, 'src');
    assert.match(renderExceptionBlock(sharedFlatError('boom', inner), 0, 1, inner), /<span class="frame-file">controller\.ts:3<\/span>/);
    // the frames made under the first root, rendered against the other
    assert.match(renderExceptionBlock(sharedFlatError(), 0, 1, inner), /<span class="frame-file">controller\.ts:3<\/span>/);
  });
});
