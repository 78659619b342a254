import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer, connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { answerHalfClosedClients, canReadIntoBuffer } from './node-internals.ts';

// What the server takes from Node's internals is checked on the Node that runs the tests:
// CI runs them on every Node the package supports, so a rename fails there.

test(`a plain connection can read into the server's buffer on Node ${process.version}`, async () => {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  const client = connect((server.address() as { port: number }).port, '127.0.0.1');
  const [socket] = await accepted;
  try {
    assert.equal(canReadIntoBuffer(socket), true);
  } finally {
    socket.destroy();
    client.destroy();
    server.close();
  }
});

test(`node:http has the switch that answers half-closed clients on Node ${process.version}`, () => {
  const server = createHttpServer();
  answerHalfClosedClients(server);
  assert.equal((server as unknown as { httpAllowHalfOpen: boolean }).httpAllowHalfOpen, true);
});
