import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderTable } from './table.ts';

describe('renderTable', () => {
  it('pads each column to its widest cell between rules', () => {
    assert.equal(renderTable(['Name', 'Path'], [['home', '/'], ['event_show', '/events/{id}']]), [
      ' ------------ --------------',
      '  Name         Path',
      ' ------------ --------------',
      '  home         /',
      '  event_show   /events/{id}',
      ' ------------ --------------',
      '',
    ].join('\n'));
  });
});
