import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { once } from 'node:events';
import { serveHttp1, type Http1Handler } from '../test-support/http1-servers.ts';

// Responses written to the connection's stream handle must leave the wire as they leave it
// through the socket, in order, with the same back-pressure; each test runs on both paths.

/** Sends `requests` at once and resolves with everything received until the server closes. */
async function exchange(port: number, requests: string): Promise<Buffer> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(requests, 'latin1');
  await once(socket, 'close');
  return Buffer.concat(chunks);
}

function masked(reply: Buffer): string {
  return reply.toString('latin1').replace(/^Date: .*$/gim, 'Date: -');
}

/** A body long enough that the kernel cannot take it in one write. */
const bigBody = 'x'.repeat(32 * 1024 * 1024 - 1) + 'y';

function handler(log: string[]): Http1Handler {
  return (req, res) => {
    switch (req.url) {
      case '/big':
        res.writeHead(200, ['Content-Type', 'text/plain']);
        res.end(bigBody);
        log.push(`big finished at end: ${res.writableFinished}`);
        res.on('finish', () => log.push('big finish'));
        break;
      case '/next':
        log.push(`next: bytesWritten ${req.socket.bytesWritten}`);
        res.end('next');
        break;
      case '/latin1':
        res.writeHead(200, ['X-Name', 'caf\u00e9']);
        res.end();
        break;
      default:
        res.writeHead(200, ['Content-Type', 'application/json']);
        res.end(`{"url":"${req.url}","snow":"\u2603"}`);
    }
  };
}

const paths = [['to the stream handle', false], ['through the socket', true]] as const;

test('every response byte is the same written to the stream handle or through the socket: pipelined requests, HEAD, a latin1 head, keep-alive then Connection: close', async () => {
  const requests = [
    'GET /a HTTP/1.1\r\nHost: x\r\n\r\n',
    'HEAD /b HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET /latin1 HTTP/1.1\r\nHost: x\r\n\r\n',
    'HEAD /latin1 HTTP/1.1\r\nHost: x\r\n\r\n',
    'GET /c HTTP/1.0\r\nConnection: keep-alive\r\n\r\n',
    'GET /d HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    'GET /never HTTP/1.1\r\nHost: x\r\n\r\n',
  ].join('');
  const replies: string[] = [];
  for (const [, streamWrites] of paths) {
    const { port } = await serveHttp1({ streamWrites }, handler([]));
    replies.push(masked(await exchange(port, requests)));
  }
  assert.equal(replies[0], replies[1]);
  const reply = replies[0]!;
  assert.deepEqual(reply.match(/HTTP\/1\.1 \d+ [^\r]*\r\n/g), Array(6).fill('HTTP/1.1 200 OK\r\n'));
  assert.match(reply, /"url":"\/a","snow":"\u00e2\u0098\u0083"/);
  assert.match(reply, /X-Name: caf\u00e9\r\n/);
  assert.match(reply, /"url":"\/d"[^]*$/);
  assert.doesNotMatch(reply, /never/);
});

for (const [path, streamWrites] of paths) describe(`a response written ${path}`, () => {
  test('a body the kernel cannot take at once: the response finishes once it is written, and the next pipelined one follows it whole', async () => {
    const log: string[] = [];
    const { port } = await serveHttp1({ streamWrites }, handler(log));
    const reply = await exchange(port, 'GET /big HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const text = reply.toString('latin1');
    const bigHeadEnd = text.indexOf('\r\n\r\n') + 4;
    assert.equal(text.slice(bigHeadEnd, bigHeadEnd + bigBody.length), bigBody);
    const next = text.slice(bigHeadEnd + bigBody.length);
    assert.match(next, /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nnext$/);
    // the next response was made only after the big one was all written, and the socket counted it all
    assert.deepEqual(log, ['big finished at end: false', 'big finish', `next: bytesWritten ${bigHeadEnd + bigBody.length}`]);
  });

  test('a client that closes during a response: the response closes without finishing, and the connection goes', async () => {
    let closed: Promise<unknown> | undefined;
    let finished = false;
    const { server, port } = await serveHttp1({ streamWrites }, (req, res) => {
      res.on('finish', () => (finished = true));
      closed = once(res, 'close');
      res.end(bigBody);
    });
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write('GET /big HTTP/1.1\r\nHost: x\r\n\r\n');
    await once(socket, 'data');
    socket.destroy();
    await closed;
    assert.equal(finished, false);
    await new Promise((resolve) => server.close(resolve));
  });
});
