import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { describe, it } from 'node:test';
import { relativePath } from './relative-path.ts';

describe('relativePath', () => {
  it('answers as path.relative does, again and again', () => {
    for (let round = 0; round < 2; round++) {
      assert.equal(relativePath('/app', '/app/src/kernel.ts'), 'src/kernel.ts');
      assert.equal(relativePath('/app', '/lib/x.ts'), '../lib/x.ts');
      assert.equal(relativePath('/other', '/app/src/kernel.ts'), relative('/other', '/app/src/kernel.ts'));
    }
  });

  it('resolves a relative path against the current working directory every time', () => {
    assert.equal(relativePath('src', '/app/x.ts'), relative('src', '/app/x.ts'));
  });
});
