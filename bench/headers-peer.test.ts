import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSourceServer, stopServer } from './harness.ts';
import { MISSING_PATH } from './routes.ts';

/** The names of a response's headers, sorted, and the values of those the peer copies from ours. */
async function headersOf(port: number, path: string): Promise<{ names: string[]; fixed: Record<string, string | null> }> {
  // as the load generator asks: without compression (fetch would ask for gzip)
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-encoding': 'identity' } });
  await response.arrayBuffer();
  const names = [...response.headers.keys()].sort();
  const fixed = Object.fromEntries(['x-content-type-options', 'referrer-policy', 'vary', 'cache-control', 'content-security-policy', 'x-frame-options'].map((name) => [name, response.headers.get(name)]));
  return { names, fixed };
}

/**
 * Starts the app over node:http and a peer, and checks that the peer answers each path with
 * the same header names and the same fixed values.
 */
function sameHeadersAs(peerName: string, file: string, env: Record<string, string>, paths: string[]): void {
  describe(`the peer that sends our headers (${peerName})`, () => {
    let ours: { child: ChildProcess; port: number } | undefined;
    let theirs: { child: ChildProcess; port: number } | undefined;

    before(async () => {
      // One after the other: a server that fails to start leaves none running unknown to `after`.
      ours = await startSourceServer('bench/servers/sluice.ts', { APP_ENV: 'prod', NODE_ENV: 'production', SLUICE_TRANSPORT: 'node' });
      theirs = await startSourceServer(file, env);
    });

    // A server that failed to start has exited already; the other may still run.
    after(async () => {
      await Promise.all([stopServer(ours?.child), stopServer(theirs?.child)]);
    });

    for (const path of paths) {
      it(`answers ${path} with the same header names and values as the app over node:http`, async () => {
        const [mine, peer] = await Promise.all([headersOf(ours!.port, path), headersOf(theirs!.port, path)]);
        assert.deepEqual(peer.names, mine.names);
        assert.deepEqual(peer.fixed, mine.fixed);
      });
    }
  });
}

sameHeadersAs('fastify-headers', 'bench/servers/fastify.ts', { FASTIFY_HEADERS: 'sluice' }, ['/hello', '/users/42']);
// node:http alone sends the error page's two extra headers too, so the 404 is compared as well.
sameHeadersAs('node-headers', 'bench/servers/node-http.ts', { NODE_HEADERS: 'sluice' }, ['/hello', '/users/42', MISSING_PATH]);
