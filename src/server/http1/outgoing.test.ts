import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { serializeHead } from './outgoing.ts';
import { InvalidHeaderError } from './invalid-header-error.ts';

describe('serializeHead', () => {
  it('writes the status line and each header as a line', () => {
    const facts = serializeHead(200, undefined, ['Content-Type', 'application/json', 'Content-Length', '17', 'Vary', ['Accept', 'Cookie']]);
    assert.equal(facts.text, 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 17\r\nVary: Accept\r\nVary: Cookie\r\n');
    assert.equal(facts.latin1, false);
    assert.equal(facts.contentLength, true);
  });

  it('takes tabs and the whole printable range, short values and long ones alike', () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    for (const value of ['a\tb', printable, `${printable}\t${printable}`, 'x'.slice(1) + 'built-' + String(42)]) {
      assert.equal(serializeHead(200, undefined, ['X-Value', value]).latin1, false, JSON.stringify(value));
    }
  });

  it('marks a head with latin1 octets in a value, short or long', () => {
    assert.equal(serializeHead(200, undefined, ['X-Name', 'caf\u00e9']).latin1, true);
    assert.equal(serializeHead(200, undefined, ['X-Name', `${'a'.repeat(100)}\u00ff`]).latin1, true);
  });

  it('refuses CR, LF, other controls and characters beyond latin1 in a value, short or long', () => {
    for (const bad of ['a\r\nSet-Cookie: x=1', 'a\nb', 'nul\u0000', 'del\u007f', 'snow\u2603', `${'a'.repeat(100)}\r\n`, `${'a'.repeat(100)}\u2603`]) {
      assert.throws(() => serializeHead(200, undefined, ['X-Value', bad]), InvalidHeaderError, JSON.stringify(bad));
    }
  });
});
