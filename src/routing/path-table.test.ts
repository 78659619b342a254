import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PathTable } from './path-table.ts';

describe('PathTable', () => {
  it('finds exactly the paths it holds', () => {
    const table = new PathTable([['/api/v1/users', 1], ['/api/v2/users', 2]]);
    assert.equal(table.get('/api/v1/users'), 1);
    assert.equal(table.get('/api/v2/users'), 2);
    assert.equal(table.get('/api/v3/users'), undefined);
    assert.equal(table.get('/api/v1/user'), undefined);
  });

  it('tells apart many paths that share their sampled characters', () => {
    // Same length and same characters at every sampled position: only a full comparison separates them.
    const paths = Array.from({ length: 20 }, (_, i) => `/x${String.fromCharCode(97 + i)}xxxxxxxx`);
    const table = new PathTable(paths.map((path, i) => [path, i] as const));
    paths.forEach((path, i) => assert.equal(table.get(path), i));
    assert.equal(table.get('/x_xxxxxxxx'), undefined);
  });
});
