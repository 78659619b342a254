import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpServer, get, type IncomingMessage } from 'node:http';
import { createServer, connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { answerHalfClosedClients, canReadIntoBuffer, canWriteToHandle, leaveUndrained, utf8Text, writeThroughSocket } from './node-internals.ts';

// What the server takes from Node's internals is checked on the Node that runs the tests:
// CI runs them on every Node the package supports, so a rename fails there.

/** Runs `check` on the server side of a fresh plain connection over loopback, with its client. */
async function withAcceptedSocket(check: (socket: Socket, client: Socket) => Promise<void> | void): Promise<void> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  const client = connect((server.address() as { port: number }).port, '127.0.0.1');
  const [socket] = await accepted;
  try {
    await check(socket, client);
  } finally {
    socket.destroy();
    client.destroy();
    server.close();
  }
}

test(`a plain connection can read into the server's buffer on Node ${process.version}`, async () => {
  await withAcceptedSocket((socket) => {
    assert.equal(canReadIntoBuffer(socket), true);
  });
});

test(`a plain connection can write to its stream handle on Node ${process.version}, once a first write has shown the way`, async () => {
  await withAcceptedSocket(async (socket, client) => {
    const received = once(client, 'data') as Promise<[Buffer]>;
    writeThroughSocket(socket, 'first', true);
    assert.equal(String((await received)[0]), 'first');
    assert.equal(canWriteToHandle(socket), true);
  });
});

test(`node:http has the switch that answers half-closed clients on Node ${process.version}`, () => {
  const server = createHttpServer();
  answerHalfClosedClients(server);
  assert.equal((server as unknown as { httpAllowHalfOpen: boolean }).httpAllowHalfOpen, true);
});

test(`a buffer's UTF-8 text is read through Buffer's own utf8Slice on Node ${process.version}, as toString reads it`, () => {
  assert.equal(typeof (Buffer.prototype as unknown as { utf8Slice?: unknown }).utf8Slice, 'function');
  for (const bytes of [Buffer.from('{"name":"Ada Lovelace","snow":"\u2603"}'), Buffer.from([0x61, 0xff, 0xe2, 0x98, 0x62]), Buffer.alloc(0)]) {
    assert.equal(utf8Text(bytes), bytes.toString('utf8'));
  }
  assert.equal(utf8Text(Buffer.from('xx{"a":1}yy').subarray(2, 9)), '{"a":1}');
});

/** The request node:http handed over, once its response is closed: left undrained or not. */
async function answeredRequest(undrained: boolean): Promise<IncomingMessage> {
  let closed!: (req: IncomingMessage) => void;
  const answered = new Promise<IncomingMessage>((resolve) => (closed = resolve));
  const server = createHttpServer((req, res) => {
    if (undrained) leaveUndrained(req);
    res.on('close', () => closed(req));
    res.end('ok');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const response = await new Promise<IncomingMessage>((resolve) => get({ port: (server.address() as { port: number }).port, host: '127.0.0.1', agent: false }, resolve));
    response.resume();
    return await answered;
  } finally {
    server.close();
  }
}

test(`node:http drains an unread request once answered, and leaves it be when told, on Node ${process.version}`, async () => {
  assert.equal((await answeredRequest(false)).readableFlowing, true);
  const undrained = await answeredRequest(true);
  assert.equal(undrained.readableFlowing, null);
  assert.equal(undrained.complete, true);
});
