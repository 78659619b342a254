import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createInterface, type Interface } from 'node:readline';
import { typescriptImport } from '../../test-support/node-typescript.ts';

const connections = 8;
const dripBytes = 60 * 1024;
const request = 'GET /hello HTTP/1.1\r\nHost: drip\r\n\r\n';
const pipelined = request.repeat(Math.ceil(dripBytes / request.length)).slice(0, dripBytes);

/** A server of test-support/drip-server.ts in a child process, asked for its CPU time by a line on stdin. */
class ServerProcess {
  readonly child: ChildProcess;
  readonly #lines: AsyncIterator<string>;

  constructor(transport: 'sluice' | 'node') {
    const script = fileURLToPath(new URL('../test-support/drip-server.ts', import.meta.url));
    this.child = spawn(process.execPath, [...typescriptImport, script, transport], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines: Interface = createInterface({ input: this.child.stdout! });
    this.#lines = lines[Symbol.asyncIterator]();
  }

  async #line(): Promise<number> {
    const next = await this.#lines.next();
    if (next.done === true) assert.fail('the drip server exited');
    return Number(next.value);
  }

  port(): Promise<number> {
    return this.#line();
  }

  cpuMicros(): Promise<number> {
    this.child.stdin!.write('\n');
    return this.#line();
  }

  async stop(): Promise<void> {
    this.child.stdin!.end();
    if (this.child.exitCode === null) await once(this.child, 'exit');
  }
}

/**
 * Sends `data` one byte per write. With nothing queued, node hands each write to the
 * kernel at once (no delay: one segment each); the turns given to the event loop let
 * the connections' writes interleave.
 */
async function drip(socket: Socket, data: Buffer): Promise<void> {
  for (let i = 0; i < data.length; i++) {
    socket.write(data.subarray(i, i + 1));
    if (i % 256 === 255) await new Promise(setImmediate);
  }
  await new Promise<void>((resolve, reject) => socket.write('', (error) => (error ? reject(error) : resolve())));
}

/**
 * The server's CPU time, in µs, for 8 connections that each ask for `first` (a response
 * larger than the socket buffers, or a short one; the client reads none) and meanwhile drip 60 KB of pipelined requests one byte per write: the
 * server holds them all unanswered.
 */
async function cpuOfDrip(transport: 'sluice' | 'node', first: '/big' | '/hello'): Promise<number> {
  const server = new ServerProcess(transport);
  try {
    const port = await server.port();
    const sockets = await Promise.all(Array.from({ length: connections }, async () => {
      const socket = connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      await once(socket, 'connect');
      socket.pause();
      return socket;
    }));
    for (const socket of sockets) socket.write(`GET ${first} HTTP/1.1\r\nHost: drip\r\n\r\n`);
    const before = await server.cpuMicros();
    await Promise.all(sockets.map((socket) => drip(socket, Buffer.from(pipelined, 'latin1'))));
    const after = await server.cpuMicros();
    for (const socket of sockets) socket.destroy();
    return after - before;
  } finally {
    await server.stop();
  }
}

for (const [first, why] of [['/hello', 'responses the client does not read'], ['/big', 'a response too large for the socket buffers that the client does not read']] as const) {
  test(`requests dripped one byte at a time behind ${why} cost the server no more CPU than twice what node:http spends`, async (t) => {
    const node = await cpuOfDrip('node', first);
    const sluice = await cpuOfDrip('sluice', first);
    t.diagnostic(`CPU: sluice ${(sluice / 1000).toFixed(0)} ms, node:http ${(node / 1000).toFixed(0)} ms`);
    assert.ok(sluice <= 2 * node, `the server used ${(sluice / 1000).toFixed(0)} ms of CPU, node:http ${(node / 1000).toFixed(0)} ms`);
  });
}
