import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { rawGet } from './raw-get.ts';

describe('rawGet', () => {
  let server: Server;
  let port: number;
  before(async () => {
    server = createServer((req, res) => {
      res.setHeader('X-Path', req.url ?? '');
      res.setHeader('X-Accept-Encoding', req.headers['accept-encoding'] ?? '');
      res.setHeader('Content-Encoding', 'gzip');
      res.end(gzipSync('hello'));
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  after(() => server.close());

  it('sends the path exactly as written and the headers given', async () => {
    const answer = await rawGet(port, '/a/../b%2F?x=1', { 'Accept-Encoding': 'gzip' });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['x-path'], '/a/../b%2F?x=1');
    assert.equal(answer.headers['x-accept-encoding'], 'gzip');
  });

  it('gives the body as sent, still encoded, from a port or a base URL', async () => {
    for (const target of [port, `http://127.0.0.1:${port}`]) {
      const answer = await rawGet(target, '/');
      assert.deepEqual(answer.body, gzipSync('hello'));
    }
  });
});
