import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { functionLocation } from './function-location.ts';

// The needle is split so that this line does not match it.
const needle = ['function', 'declaredHere'].join(' ');
const line = readFileSync('src/profiler/data-collector/function-location.test.ts', 'utf8').split('\n').findIndex((text) => text.includes(needle)) + 1;

function declaredHere(): number {
  return 1;
}

describe('functionLocation', () => {
  it('names the TypeScript file and line a function is declared at', () => {
    assert.deepEqual(functionLocation(declaredHere), { file: 'src/profiler/data-collector/function-location.test.ts', line });
  });

  it('answers a second time from its cache', () => {
    assert.equal(functionLocation(declaredHere), functionLocation(declaredHere));
  });

  it('knows nothing of a built-in function', () => {
    assert.equal(functionLocation(Math.max), undefined);
  });
});
