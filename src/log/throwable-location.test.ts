import assert from 'node:assert/strict';
import { dirname, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { getProjectRoot, setProjectRoot, throwableClassName, throwableLocation } from './throwable-location.ts';

const here = fileURLToPath(import.meta.url);
const root = resolve(dirname(here), '../..');

function thrownHere(): unknown {
  try {
    throw new RangeError('thrown on line 12'); // line 12: the expectations below name it
  } catch (error) {
    return error;
  }
}

class HttpError extends Error {}

describe('throwableLocation', () => {
  it('defaults the project root to the working directory', () => {
    assert.equal(getProjectRoot(), process.cwd());
  });

  it('gives the file relative to the project root and the line of the first frame', () => {
    setProjectRoot(root);
    assert.deepEqual(throwableLocation(thrownHere()), { file: 'src/log/throwable-location.test.ts', line: 12 });
  });

  it('follows a later change of the project root', () => {
    const error = thrownHere();
    setProjectRoot(resolve(root, 'src'));
    assert.equal(throwableLocation(error).file, 'log/throwable-location.test.ts');
    setProjectRoot(root);
  });

  it('keeps an absolute path for a file outside the project', () => {
    setProjectRoot(resolve(root, 'src/http'));
    assert.equal(throwableLocation(thrownHere()).file, here);
    setProjectRoot(root);
  });

  it('reads file URLs and frames without a function name', () => {
    setProjectRoot('/app');
    const error = { stack: 'Error: x\n    at file:///app/src/kernel.ts:40:7\n    at other (/app/src/b.ts:1:1)' };
    assert.deepEqual(throwableLocation(error), { file: 'src/kernel.ts', line: 40 });
    setProjectRoot(root);
  });

  it('skips frames that name no file', () => {
    setProjectRoot('/app');
    const error = {
      stack: 'SyntaxError: bad\n    at JSON.parse (<anonymous>)\n    at new Parser (/app/src/parser.ts:9:3)',
    };
    assert.deepEqual(throwableLocation(error), { file: 'src/parser.ts', line: 9 });
    setProjectRoot(root);
  });

  it('says unknown, line 0, when there is no stack', () => {
    assert.deepEqual(throwableLocation('a string'), { file: 'unknown', line: 0 });
    assert.deepEqual(throwableLocation({}), { file: 'unknown', line: 0 });
  });
});

describe('throwableClassName', () => {
  it('names the constructor of an error', () => {
    assert.equal(throwableClassName(new HttpError('x')), 'HttpError');
  });

  it('names the type of a value that is not an object', () => {
    assert.equal(throwableClassName('boom'), 'string');
    assert.equal(throwableClassName(undefined), 'undefined');
  });

  it('calls an object without a prototype an Object', () => {
    assert.equal(throwableClassName(Object.create(null)), 'Object');
  });
});
