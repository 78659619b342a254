import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { Response } from '../../http/response.ts';
import { FakeApplication } from '../test-support/fake-application.ts';
import { listen, transports, type Listening } from '../test-support/listen.ts';

/** Sends `data` (latin1) on a fresh connection and collects what comes back until the server closes it. */
function exchange(port: number, data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(data, 'latin1'));
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

const statuses = (reply: string): number[] => [...reply.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));

const open: Listening[] = [];
afterEach(async () => {
  for (const listening of open.splice(0)) await listening.close();
});

/** A Sluice server whose application answers 200 with the target it was given; its head timeout is long, so a 400 that comes is no 408. */
async function serve(): Promise<{ port: number; app: FakeApplication }> {
  const app = new FakeApplication((request) => new Response(`${request.method} ${request.rawPath}${request.queryString === '' ? '' : `?${request.queryString}`} ${request.headers.get('host')}`));
  const listening = await listen(app);
  open.push(listening);
  return { port: listening.port, app };
}

describe('The Sluice server refuses what llhttp refuses, over a socket', () => {
  test('a head with bare LF line ends gets a 400 at once, not a 408 after the headers timeout', async () => {
    const { port, app } = await serve();
    const started = Date.now();
    assert.deepEqual(statuses(await exchange(port, 'GET / HTTP/1.1\nHost: x\n\n')), [400]);
    assert.ok(Date.now() - started < 5_000);
    assert.deepEqual(statuses(await exchange(port, 'GET / HTTP/1.1\r\nHost: x\rX: y\r\n')), [400]);
    assert.equal(app.requests.length, 0);
  });

  test('a request line longer than the head limit is a 414, a long header a 431', async () => {
    const { port } = await serve();
    assert.deepEqual(statuses(await exchange(port, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`)), [414]);
    assert.deepEqual(statuses(await exchange(port, `GET / HTTP/1.1\r\nHost: x\r\nX: ${'a'.repeat(20_000)}\r\n\r\n`)), [431]);
  });

  test('a lower-case method is a 501 and never reaches the application as another method', async () => {
    const { port, app } = await serve();
    assert.deepEqual(statuses(await exchange(port, 'post /login HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n')), [501]);
    assert.deepEqual(statuses(await exchange(port, 'G@T / HTTP/1.1\r\nHost: x\r\n\r\n')), [400]);
    assert.equal(app.requests.length, 0);
  });

  test('a target that is not origin-form, absolute-form or OPTIONS * is a 400', async () => {
    const { port } = await serve();
    assert.deepEqual(statuses(await exchange(port, 'GET en HTTP/1.1\r\nHost: x\r\n\r\n')), [400]);
    assert.deepEqual(statuses(await exchange(port, 'GET * HTTP/1.1\r\nHost: x\r\n\r\n')), [400]);
    assert.deepEqual(statuses(await exchange(port, 'GET /\xff HTTP/1.1\r\nHost: x\r\n\r\n')), [400]);
  });

  test('the HTTP/2 preface is refused and the connection closed', async () => {
    const { port, app } = await serve();
    assert.deepEqual(statuses(await exchange(port, 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n')), [505]);
    assert.equal(app.requests.length, 0);
  });

  test('a whitespace-only trailer line is a 400: the pipelined request after it is not swallowed as a trailer', async () => {
    const { port } = await serve();
    const reply = await exchange(port, 'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n \r\nGET /next HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.deepEqual(statuses(reply), [400]);
  });

  test('a chunk size followed by spaces, or `;` with no extension name, is a 400', async () => {
    const { port } = await serve();
    for (const size of ['3  ', '3;', '3;a=\xff']) {
      assert.deepEqual(statuses(await exchange(port, `POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${size}\r\nabc\r\n0\r\n\r\n`)), [400], size);
    }
  });

  test('Content-Length as a trailer is a 400', async () => {
    const { port } = await serve();
    const reply = await exchange(port, 'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nContent-Length: 50\r\n\r\n');
    assert.deepEqual(statuses(reply), [400]);
  });
});

for (const transport of transports) describe(`An absolute-form target, over the ${transport} transport`, () => {
  test('is answered as its path and query, with the host it names', async () => {
    const app = new FakeApplication((request) => new Response(`${request.rawPath}?${request.queryString} ${request.headers.get('host')}`));
    const listening = await listen(app, { transport });
    open.push(listening);
    const reply = await exchange(listening.port, 'GET http://example.com/en?q=1 HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n');
    assert.match(reply, /^HTTP\/1\.1 200 [^]*\r\n\r\n\/en\?q=1 example\.com$/);
  });
});
