import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { prettyContext } from './logs-table.ts';

describe('prettyContext', () => {
  it('writes a context of plain values as four-space JSON', () => {
    assert.equal(prettyContext({ event: 'kernel.request', count: 2, ok: true, none: null }), '{\n    "event": "kernel.request",\n    "count": 2,\n    "ok": true,\n    "none": null\n}');
  });

  it('shows an error as {} and a bigint as text, at any depth', () => {
    assert.equal(prettyContext({ exception: new Error('x'), size: 10n }), '{\n    "exception": {},\n    "size": "10"\n}');
    assert.equal(prettyContext({ route: { id: 5n, cause: new TypeError('y') } }), '{\n    "route": {\n        "id": "5",\n        "cause": {}\n    }\n}');
  });

  it('leaves out undefined values as JSON does', () => {
    assert.equal(prettyContext({ a: undefined, b: 'kept' }), '{\n    "b": "kept"\n}');
  });
});
