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

describe('serializeHead, for values it has seen before', () => {
  it('writes each value as given, repeated or alternating, before and after the name has had too many to remember', () => {
    const values = ['application/json', 'text/html', 'application/json', 'text/plain', 'a', 'b', 'c', 'text/html', `x${'y'.repeat(600)}`, 'application/json'];
    for (let round = 0; round < 3; round++) {
      for (const value of values) {
        assert.equal(serializeHead(200, undefined, ['X-Seen-Type', value]).text, `HTTP/1.1 200 OK\r\nX-Seen-Type: ${value}\r\n`);
      }
    }
  });

  it('still refuses a value with CR or LF for a name whose safe values it remembers', () => {
    for (let i = 0; i < 3; i++) serializeHead(200, undefined, ['X-Seen-Safe', 'fine']);
    assert.throws(() => serializeHead(200, undefined, ['X-Seen-Safe', 'fine\r\nSet-Cookie: x=1']), InvalidHeaderError);
    assert.throws(() => serializeHead(200, undefined, ['X-Seen-Safe', `fine${'\n'}`]), InvalidHeaderError);
    assert.equal(serializeHead(200, undefined, ['X-Seen-Safe', 'fine']).text, 'HTTP/1.1 200 OK\r\nX-Seen-Safe: fine\r\n');
  });

  it('still marks a latin1 value after plain ones of the same name, and a plain one after it', () => {
    serializeHead(200, undefined, ['X-Seen-Name', 'cafe']);
    assert.equal(serializeHead(200, undefined, ['X-Seen-Name', 'caf\u00e9']).latin1, true);
    assert.equal(serializeHead(200, undefined, ['X-Seen-Name', 'caf\u00e9']).latin1, true);
    assert.equal(serializeHead(200, undefined, ['X-Seen-Name', 'cafe']).latin1, false);
  });

  it('still refuses a bad value after the name has had too many values to remember', () => {
    for (let i = 0; i < 10; i++) serializeHead(200, undefined, ['X-Seen-Id', `id-${i}`]);
    assert.throws(() => serializeHead(200, undefined, ['X-Seen-Id', 'id\r\n']), InvalidHeaderError);
  });

  it('writes the status line of a code with the table\'s text or with the text given, and refuses a text with CR or LF', () => {
    assert.equal(serializeHead(404, undefined, undefined).text, 'HTTP/1.1 404 Not Found\r\n');
    assert.equal(serializeHead(404, undefined, undefined).text, 'HTTP/1.1 404 Not Found\r\n');
    assert.equal(serializeHead(404, 'Gone Fishing', undefined).text, 'HTTP/1.1 404 Gone Fishing\r\n');
    assert.equal(serializeHead(799, undefined, undefined).text, 'HTTP/1.1 799 unknown\r\n');
    assert.throws(() => serializeHead(404, 'Not Found\r\nX: y', undefined), InvalidHeaderError);
  });
});
