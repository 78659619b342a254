import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSourceServer, stopServer } from './harness.ts';

/** The names of a response's headers, sorted, and the values of those the peer copies from ours. */
async function headersOf(port: number, path: string): Promise<{ names: string[]; fixed: Record<string, string | null> }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  await response.arrayBuffer();
  const names = [...response.headers.keys()].sort();
  const fixed = Object.fromEntries(['x-content-type-options', 'referrer-policy', 'vary', 'cache-control'].map((name) => [name, response.headers.get(name)]));
  return { names, fixed };
}

describe('the Fastify peer that sends our headers (fastify-headers)', () => {
  let ours: { child: ChildProcess; port: number } | undefined;
  let theirs: { child: ChildProcess; port: number } | undefined;

  before(async () => {
    // One after the other: a server that fails to start leaves none running unknown to `after`.
    ours = await startSourceServer('bench/servers/sluice.ts', { APP_ENV: 'prod', NODE_ENV: 'production', SLUICE_TRANSPORT: 'node' });
    theirs = await startSourceServer('bench/servers/fastify.ts', { FASTIFY_HEADERS: 'sluice' });
  });

  // A server that failed to start has exited already; the other may still run.
  after(async () => {
    await Promise.all([stopServer(ours?.child), stopServer(theirs?.child)]);
  });

  for (const path of ['/hello', '/users/42']) {
    it(`answers ${path} with the same header names and values as the app over node:http`, async () => {
      const [mine, peer] = await Promise.all([headersOf(ours!.port, path), headersOf(theirs!.port, path)]);
      assert.deepEqual(peer.names, mine.names);
      assert.deepEqual(peer.fixed, mine.fixed);
    });
  }
});
