import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ChunkedDecoder } from './chunked-decoder.ts';
import { HttpParseError } from './http-parse-error.ts';

/** Feeds `wire` in pieces of `step` bytes; returns the body and the bytes past its end. */
function decode(wire: string, step = wire.length): { body: string; rest: string; done: boolean } {
  const decoder = new ChunkedDecoder();
  const bytes = Buffer.from(wire, 'latin1');
  const parts: Buffer[] = [];
  let rest = '';
  for (let at = 0; at < bytes.length; at += step) {
    const piece = bytes.subarray(at, at + step);
    const end = decoder.write(piece, (data) => parts.push(Buffer.from(data)));
    if (end !== -1) {
      rest = bytes.subarray(at + end).toString('latin1');
      break;
    }
  }
  return { body: Buffer.concat(parts).toString('latin1'), rest, done: decoder.done };
}

function malformed(wire: string, statusCode = 400): void {
  assert.throws(() => decode(wire), (error: unknown) => error instanceof HttpParseError && error.statusCode === statusCode);
}

describe('ChunkedDecoder', () => {
  const wire = '5\r\nhello\r\nA;name=value\r\n, world!!!\r\n0\r\nX-Trailer: yes\r\n\r\nGET /next';

  test('decodes the chunks, skips extensions and trailers, and says where the body ended', () => {
    assert.deepEqual(decode(wire), { body: 'hello, world!!!', rest: 'GET /next', done: true });
  });

  test('gives the same body however the bytes are split', () => {
    for (const step of [1, 2, 3, 7, 16]) assert.deepEqual(decode(wire, step), { body: 'hello, world!!!', rest: 'GET /next', done: true }, `in pieces of ${step}`);
  });

  test('is not done before the last chunk and the empty line', () => {
    assert.equal(decode('5\r\nhello\r\n').done, false);
    assert.equal(decode('5\r\nhello\r\n0\r\n').done, false);
    assert.equal(decode('5\r\nhello\r\n0\r\n\r\n').done, true);
  });

  test('a size that is not hexadecimal, a chunk without its CRLF or a bare LF is malformed', () => {
    malformed('x\r\n');
    malformed('\r\n');
    malformed('5\r\nhelloXX');
    malformed('5\nhello\r\n');
    malformed('5\r\nhello\r\n0\r\nX: 1\n\r\n');
    malformed('-1\r\n');
  });

  test('no whitespace may follow a size, as llhttp refuses it', () => {
    malformed('3  \r\nabc\r\n0\r\n\r\n');
    malformed('3 ;x=1\r\nabc\r\n0\r\n\r\n');
    malformed('3\t\r\nabc\r\n');
    malformed('3 garbage\r\nabc\r\n');
    malformed('3x\r\nabc\r\n');
  });

  test('a size may have any number of leading zeros', () => {
    assert.deepEqual(decode(`${'0'.repeat(40)}3\r\nabc\r\n${'0'.repeat(40)}\r\n\r\n`), { body: 'abc', rest: '', done: true });
  });

  test('extensions are `;name`, `;name=token` or `;name="quoted string"`, one after another', () => {
    assert.deepEqual(decode('3;a;b=c;d="e f\\"g"\r\nabc\r\n0;z\r\n\r\n'), { body: 'abc', rest: '', done: true });
  });

  test('an extension that is only a `;`, has spaces around its `=` or obs-text outside quotes is malformed', () => {
    malformed('3;\r\nabc\r\n0\r\n\r\n');
    malformed('3;a;\r\nabc\r\n0\r\n\r\n');
    malformed('3;a =b\r\nabc\r\n0\r\n\r\n');
    malformed('3;a= b\r\nabc\r\n0\r\n\r\n');
    malformed('3;a=;\r\nabc\r\n0\r\n\r\n');
    malformed('3;a=\xff\r\nabc\r\n0\r\n\r\n');
    malformed('3;a="\x7f"\r\nabc\r\n0\r\n\r\n');
    malformed('3;a="b"c\r\nabc\r\n0\r\n\r\n');
  });

  // found by the differential fuzzing against llhttp (llhttp-differential.test.ts)
  test('an empty name or value around the `=`, and empty extensions before another, are taken, as llhttp takes them', () => {
    assert.deepEqual(decode('3;a=\r\nabc\r\n0;=b\r\n\r\n'), { body: 'abc', rest: '', done: true });
    assert.deepEqual(decode('3;a=;b\r\nabc\r\n0;=\r\n\r\n'), { body: 'abc', rest: '', done: true });
    assert.deepEqual(decode('3;;a;b="c";;d\r\nabc\r\n0;;=\r\n\r\n'), { body: 'abc', rest: '', done: true });
  });

  test('obs-text in a quoted extension value, escaped or not, is taken, as RFC 9110 and llhttp allow', () => {
    assert.deepEqual(decode('3;a="\xe9\\\xff"\r\nabc\r\n0\r\n\r\n'), { body: 'abc', rest: '', done: true });
  });

  test('trailers are `name: value` lines', () => {
    assert.deepEqual(decode('3\r\nabc\r\n0\r\nA: 1\r\nB:\r\nC:  x \xff\r\n\r\nnext'), { body: 'abc', rest: 'next', done: true });
  });

  test('a trailer line without a colon, folded, starting with a colon or only whitespace is malformed', () => {
    malformed('3\r\nabc\r\n0\r\nNoColon\r\n\r\n');
    malformed('3\r\nabc\r\n0\r\nA: 1\r\n folded\r\n\r\n');
    malformed('3\r\nabc\r\n0\r\n: x\r\n\r\n');
    malformed('3\r\nabc\r\n0\r\n \r\n\r\n');
    malformed('3\r\nabc\r\n0\r\nA : 1\r\n\r\n');
  });

  test('Content-Length, Transfer-Encoding and Host are refused as trailers, in any case', () => {
    malformed('3\r\nabc\r\n0\r\nContent-Length: 5\r\n\r\n');
    malformed('3\r\nabc\r\n0\r\ntransfer-encoding: chunked\r\n\r\n');
    malformed('3\r\nabc\r\n0\r\nHOST: x\r\n\r\n');
    assert.equal(decode('3\r\nabc\r\n0\r\nHostname: x\r\nContent-Length-X: 1\r\n\r\n').done, true);
  });

  test('a size beyond 2^52 bytes is refused before it overflows', () => {
    malformed('fffffffffffffff\r\n', 413);
  });

  test('extensions and trailers together cannot exceed the limit', () => {
    const decoder = new ChunkedDecoder(10);
    assert.throws(() => decoder.write(Buffer.from('1;a-long-extension\r\n'), () => {}), (error: unknown) => error instanceof HttpParseError && error.statusCode === 431);
  });
});
