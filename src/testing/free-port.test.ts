import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer } from 'node:net';
import { once } from 'node:events';
import { freePort } from './free-port.ts';

describe('freePort', () => {
  it('gives a port on 127.0.0.1 that refuses connections, and that a server can then listen on', async () => {
    const port = await freePort();
    const socket = connect(port, '127.0.0.1');
    const [error] = (await once(socket, 'error')) as [NodeJS.ErrnoException];
    assert.equal(error.code, 'ECONNREFUSED');
    const server = createServer().listen(port, '127.0.0.1');
    await once(server, 'listening');
    server.close();
  });
});
