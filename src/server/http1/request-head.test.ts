import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestHead } from './request-head.ts';
import { HttpParseError } from './http-parse-error.ts';

/** The head as the connection hands it over: up to the CRLF of the last field line. */
function head(...lines: string[]): string {
  return lines.map((line) => `${line}\r\n`).join('');
}

/** Parses `text` placed in the middle of a buffer, as a connection's bytes hold a head. */
function parse(text: string, maxHeadersCount?: number): ReturnType<typeof parseRequestHead> {
  const bytes = Buffer.from(`junk${text}\r\nmore`, 'latin1');
  return parseRequestHead(bytes, 4, 4 + Buffer.byteLength(text, 'latin1'), maxHeadersCount);
}

function refused(text: string, statusCode: number, message?: RegExp): void {
  assert.throws(() => parse(text), (error: unknown) => {
    assert.ok(error instanceof HttpParseError, `an HttpParseError, not ${String(error)}`);
    assert.equal(error.statusCode, statusCode);
    if (message !== undefined) assert.match(error.message, message);
    return true;
  });
}

describe('parseRequestHead', () => {
  test('reads the method, the target as sent, the version and lowercase header names', () => {
    const parsed = parse(head('GET /a%20b?x=1 HTTP/1.1', 'Host: example.com', 'X-Custom-Thing:  spaced value  '));
    assert.equal(parsed.method, 'GET');
    assert.equal(parsed.url, '/a%20b?x=1');
    assert.equal(parsed.httpVersion, '1.1');
    assert.deepEqual({ ...parsed.headers }, { host: 'example.com', 'x-custom-thing': 'spaced value' });
    assert.equal(parsed.keepAlive, true);
    assert.equal(parsed.body, 0);
    assert.equal(parsed.expectContinue, false);
  });

  test('knows each name by its exact spelling, parse after parse, among more names than it keeps at hand', () => {
    // more spellings than the parser's cache of recent names has places: some share one
    const names = Array.from({ length: 600 }, (_, i) => `X-Name-${i.toString(36)}`);
    for (let round = 0; round < 3; round++) {
      const lines = names.map((name, i) => `${name}: v${i}`);
      const parsed = parse(head('POST / HTTP/1.1', 'Host: h', 'Content-Length: 3', 'content-lengtx: a', 'Content-Lengt: b', 'Content-Type: c', ...lines), 1000);
      names.forEach((name, i) => assert.equal(parsed.headers[name.toLowerCase()], `v${i}`, name));
      assert.equal(parsed.body, 3);
      assert.deepEqual([parsed.headers['content-lengtx'], parsed.headers['content-lengt'], parsed.headers['content-type']], ['a', 'b', 'c']);
      for (const spelling of ['Content-Length', 'content-length', 'CONTENT-LENGTH']) refused(head('POST / HTTP/1.1', 'Host: h', 'Content-Length: 3', `${spelling}: 3`), 400, /Content-Length is repeated/);
    }
  });

  test('knows names that share one bucket of the name cache, more of them than it keeps, by their own spelling, again and again', () => {
    // same length, second and last octets: one bucket; more names than it keeps, so each round pushes some out
    const names = ['X-aaaaZ', 'X-bbbbZ', 'X-ccccZ', 'X-ddddZ', 'X-eeeeZ', 'X-ffffZ', 'x-aaaaZ'];
    for (let round = 0; round < 3; round++) {
      const order = round === 1 ? [...names].reverse() : names;
      for (const name of order) {
        const parsed = parse(head('GET / HTTP/1.1', 'Host: h', `${name}: ${name}`));
        assert.deepEqual({ ...parsed.headers }, { host: 'h', [name.toLowerCase()]: name });
      }
      const all = parse(head('GET / HTTP/1.1', 'Host: h', ...order.map((name) => `${name}: 1`)));
      assert.deepEqual(Object.keys(all.headers).sort(), ['host', 'x-aaaaz', 'x-bbbbz', 'x-ccccz', 'x-ddddz', 'x-eeeez', 'x-ffffz']);
      assert.equal(all.headers['x-aaaaz'], '1, 1');
    }
  });

  test('joins repeated fields as node:http does: a list for set-cookie, "; " for cookie, the first for host-like fields, ", " otherwise', () => {
    const parsed = parse(head('GET / HTTP/1.1', 'Host: h', 'Accept: a', 'accept: b', 'Cookie: x=1', 'Cookie: y=2', 'Set-Cookie: s=1', 'Set-Cookie: s=2', 'Referer: /one', 'Referer: /two'));
    assert.equal(parsed.headers.accept, 'a, b');
    assert.equal(parsed.headers.cookie, 'x=1; y=2');
    assert.deepEqual(parsed.headers['set-cookie'], ['s=1', 's=2']);
    assert.equal(parsed.headers.referer, '/one');
  });

  test('keeps an empty value, and a latin1 octet in a value as its character', () => {
    const parsed = parse(head('GET / HTTP/1.1', 'Host: h', 'X-Empty:', 'X-Name: Jos\xe9'));
    assert.equal(parsed.headers['x-empty'], '');
    assert.equal(parsed.headers['x-name'], 'José');
  });

  test('a header named __proto__ is an ordinary field', () => {
    const parsed = parse(head('GET / HTTP/1.1', 'Host: h', '__proto__: x'));
    assert.equal(parsed.headers['__proto__'], 'x');
    assert.equal(Object.getPrototypeOf(parsed.headers), null);
  });

  test('HTTP/1.1 stays open unless the client says close; HTTP/1.0 closes unless it says keep-alive', () => {
    assert.equal(parse(head('GET / HTTP/1.1', 'Host: h', 'Connection: Close')).keepAlive, false);
    assert.equal(parse(head('GET / HTTP/1.1', 'Host: h', 'Connection: upgrade, close')).keepAlive, false);
    assert.equal(parse(head('GET / HTTP/1.0')).keepAlive, false);
    assert.equal(parse(head('GET / HTTP/1.0', 'Connection: Keep-Alive')).keepAlive, true);
  });

  test('frames a body by Content-Length or by chunked Transfer-Encoding', () => {
    assert.equal(parse(head('POST / HTTP/1.1', 'Host: h', 'Content-Length: 42')).body, 42);
    assert.equal(parse(head('POST / HTTP/1.1', 'Host: h', 'Transfer-Encoding: Chunked')).body, 'chunked');
  });

  test('notices Expect: 100-continue from an HTTP/1.1 client only', () => {
    assert.equal(parse(head('POST / HTTP/1.1', 'Host: h', 'Expect: 100-Continue', 'Content-Length: 1')).expectContinue, true);
    assert.equal(parse(head('POST / HTTP/1.0', 'Expect: 100-continue', 'Content-Length: 1')).expectContinue, false);
  });

  test('an expectation other than 100-continue is a 417', () => {
    refused(head('GET / HTTP/1.1', 'Host: h', 'Expect: something-else'), 417);
  });

  test('a malformed request line is a 400', () => {
    for (const line of ['GET / HTTP/1.1 ', ' GET / HTTP/1.1', 'GET /a b HTTP/1.1', 'GET / http/1.1', 'G(T / HTTP/1.1', 'GET\t/ HTTP/1.1', 'GET /\x00 HTTP/1.1', 'GET / HTTP/1']) {
      refused(head(line, 'Host: h'), 400, /request line/);
    }
  });

  // found by the differential fuzzing against llhttp (llhttp-differential.test.ts)
  test('several spaces between the parts of the request line are taken, as llhttp takes them', () => {
    const parsed = parse(head('GET  /a   HTTP/1.1', 'Host: h'));
    assert.equal(parsed.method, 'GET');
    assert.equal(parsed.url, '/a');
    assert.equal(parsed.httpVersion, '1.1');
  });

  test('a tab after the value of Content-Length or Transfer-Encoding is a 400, as llhttp refuses it (a space is taken)', () => {
    refused(head('POST / HTTP/1.1', 'Host: h', 'Content-Length: 3\t'), 400);
    refused(head('POST / HTTP/1.1', 'Host: h', 'Transfer-Encoding: chunked\t'), 400);
    assert.equal(parse(head('POST / HTTP/1.1', 'Host: h', 'Content-Length:\t3  ')).body, 3);
  });

  test('a version other than 1.0 and 1.1 is a 505', () => {
    refused(head('GET / HTTP/2.0', 'Host: h'), 505);
    refused(head('GET / HTTP/1.2', 'Host: h'), 505);
    refused(head('GET / HTTP/0.9'), 505);
  });

  test('a malformed field line is a 400: folded, a space before the colon, no colon, a bare CR or LF, a control character', () => {
    for (const line of ['X-A: 1\r\n continued', 'X-A : 1', 'X-A', 'X-A: 1\rX-B: 2', 'X-A: 1\nX-B: 2', 'X-A: a\x00b', 'X-A: a\x7fb', 'X(A): 1', ': empty name']) {
      refused(head('GET / HTTP/1.1', 'Host: h', line), 400, /header field/);
    }
  });

  test('an HTTP/1.1 request without Host, or with two, is a 400', () => {
    refused(head('GET / HTTP/1.1'), 400, /Host/);
    refused(head('GET / HTTP/1.1', 'Host: a', 'Host: b'), 400, /Host/);
  });

  test('an ambiguous or unsupported body framing is refused', () => {
    refused(head('POST / HTTP/1.1', 'Host: h', 'Content-Length: 1', 'Transfer-Encoding: chunked'), 400, /Both/);
    refused(head('POST / HTTP/1.1', 'Host: h', 'Content-Length: 1', 'Content-Length: 1'), 400, /repeated/);
    refused(head('POST / HTTP/1.1', 'Host: h', 'Content-Length: 1, 1'), 400, /not a number/);
    refused(head('POST / HTTP/1.1', 'Host: h', 'Content-Length: -1'), 400, /not a number/);
    refused(head('POST / HTTP/1.1', 'Host: h', 'Content-Length: 99999999999999999999'), 413);
    refused(head('POST / HTTP/1.1', 'Host: h', 'Transfer-Encoding: chunked, gzip'), 400, /last transfer coding/);
    refused(head('POST / HTTP/1.1', 'Host: h', 'Transfer-Encoding: gzip, chunked'), 501);
    refused(head('POST / HTTP/1.1', 'Host: h', 'Transfer-Encoding: chunked', 'Transfer-Encoding: chunked'), 501);
    refused(head('POST / HTTP/1.0', 'Transfer-Encoding: chunked'), 400, /HTTP\/1\.0/);
  });

  test('more header fields than allowed is a 431', () => {
    const fields = Array.from({ length: 11 }, (_, i) => `X-${i}: ${i}`);
    assert.throws(() => parse(head('GET / HTTP/1.1', 'Host: h', ...fields), 11), (error: unknown) => error instanceof HttpParseError && error.statusCode === 431);
  });

  test('methods are llhttp\'s, case-sensitive: another token is a 501, a method that is not a token a 400', () => {
    for (const method of ['GET', 'POST', 'PUT', 'HEAD', 'PROPFIND', 'M-SEARCH', 'PURGE']) assert.equal(parse(head(`${method} / HTTP/1.1`, 'Host: h')).method, method);
    refused(head('post /login HTTP/1.1', 'Host: h'), 501);
    for (const method of ['GE', 'GETS', 'GeT', 'POS', 'POSTS', 'PoST', 'GOT', 'PEST']) refused(head(`${method} / HTTP/1.1`, 'Host: h'), 501);
    refused(head('FOO / HTTP/1.1', 'Host: h'), 501);
    refused(head('G(T / HTTP/1.1', 'Host: h'), 400);
    refused(head('GET\t/ HTTP/1.1', 'Host: h'), 400);
  });

  test('CONNECT is a 501: this server opens no tunnels', () => {
    refused(head('CONNECT example.com:443 HTTP/1.1', 'Host: example.com:443'), 501);
  });

  test('an origin-form target starts with a slash; another one is a 400', () => {
    refused(head('GET en HTTP/1.1', 'Host: h'), 400);
    refused(head('GET ?q HTTP/1.1', 'Host: h'), 400);
  });

  test('an absolute-form target is accepted, its path and query taken as the target', () => {
    assert.equal(parse(head('GET http://h/en?q=1 HTTP/1.1', 'Host: h')).url, '/en?q=1');
    assert.equal(parse(head('GET HTTPS://H:8443 HTTP/1.1', 'Host: h:8443')).url, '/');
    assert.equal(parse(head('GET http://h?q HTTP/1.1', 'Host: h')).url, '/?q');
  });

  test('an absolute-form target whose authority differs from Host is a 400; without Host (HTTP/1.0) it gives the host', () => {
    refused(head('GET http://other/en HTTP/1.1', 'Host: h'), 400);
    assert.equal(parse(head('GET http://h/en HTTP/1.0')).headers['host'], 'h');
  });

  test('an absolute-form target with another scheme, user info or a fragment is a 400', () => {
    refused(head('GET ftp://h/en HTTP/1.1', 'Host: h'), 400);
    refused(head('GET http://u@h/en HTTP/1.1', 'Host: h'), 400);
    refused(head('GET http://h/en#x HTTP/1.1', 'Host: h'), 400);
    refused(head('GET http:/en HTTP/1.1', 'Host: h'), 400);
  });

  test('the asterisk-form is for OPTIONS only', () => {
    assert.equal(parse(head('OPTIONS * HTTP/1.1', 'Host: h')).url, '*');
    refused(head('GET * HTTP/1.1', 'Host: h'), 400);
  });

  test('a byte outside VCHAR in the target (obs-text, a control) is a 400', () => {
    refused(head('GET /\xff HTTP/1.1', 'Host: h'), 400);
    refused(head('GET /a\x7fb HTTP/1.1', 'Host: h'), 400);
    refused(head('GET /a\x01b HTTP/1.1', 'Host: h'), 400);
  });

  test('the HTTP/2 preface is refused', () => {
    refused(head('PRI * HTTP/2.0'), 505);
  });
});
