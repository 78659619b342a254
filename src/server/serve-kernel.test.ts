import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import { parseTransport, serveKernel, type RunningServer } from './serve-kernel.ts';
import { Server as HttpServer } from 'node:http';
import { Http1Server } from './http1/http1-server.ts';
import { send } from './test-support/http-client.ts';

/** Asks for `path` until it is served or `ms` have passed; the last status. */
async function statusWithin(port: number, path: string, ms: number): Promise<number> {
  const until = Date.now() + ms;
  for (;;) {
    const { status } = await send(port, path);
    if (status === 200 || Date.now() >= until) return status;
    await sleep(20);
  }
}

/** A prod kernel served with `staticFilesRefreshMs`, and a file added to its public/ after the start. */
async function servedWithLateFile(staticFilesRefreshMs: number): Promise<{ kernel: TestKernel; running: RunningServer }> {
  const kernel = new TestKernel({ debug: false });
  const running = await serveKernel(kernel, { port: 0, installAssets: false, staticFilesRefreshMs });
  mkdirSync(kernel.publicDir, { recursive: true });
  writeFileSync(join(kernel.publicDir, 'late.txt'), 'late');
  return { kernel, running };
}

describe('serveKernel', () => {
  it('speaks HTTP through the framework\'s own server by default, and through node:http when asked', async () => {
    for (const [transport, kind] of [[undefined, Http1Server], ['node', HttpServer]] as const) {
      const running = await serveKernel(new TestKernel({ debug: false }), { port: 0, installAssets: false, staticFilesRefreshMs: 0, transport });
      try {
        assert.ok(running.server.server instanceof kind, `${transport ?? 'default'} transport`);
        const reply = await send(running.address.port, '/nowhere');
        assert.equal(reply.status, 404);
        assert.match(String(reply.headers['content-type']), /^text\/html/);
      } finally {
        await running.stop(100);
      }
    }
  });

  it('sets the headers it is given on every response of the kernel (X-Instance behind a load balancer)', async () => {
    const running = await serveKernel(new TestKernel({ debug: false }), { port: 0, installAssets: false, staticFilesRefreshMs: 0, headers: { 'X-Instance': 'web-1' } });
    try {
      const reply = await send(running.address.port, '/nowhere');
      assert.equal(reply.status, 404);
      assert.equal(reply.headers['x-instance'], 'web-1');
    } finally {
      await running.stop(100);
    }
  });

  it('names the transports it knows, and refuses another one', () => {
    assert.equal(parseTransport(undefined), undefined);
    assert.equal(parseTransport(''), undefined);
    assert.equal(parseTransport('node'), 'node');
    assert.equal(parseTransport('sluice'), 'sluice');
    assert.throws(() => parseTransport('uws'), /Unknown transport "uws": expected "sluice" .* or "node"/);
  });

  it('serves a file added to public/ after the next walk, as often as staticFilesRefreshMs says', async () => {
    const { running } = await servedWithLateFile(50);
    try {
      assert.equal(await statusWithin(running.address.port, '/late.txt', 1500), 200);
    } finally {
      await running.stop(100);
    }
  });

  it('walks public/ only when asked with a staticFilesRefreshMs of 0', async () => {
    const { kernel, running } = await servedWithLateFile(0);
    try {
      assert.equal(await statusWithin(running.address.port, '/late.txt', 300), 404);
      await kernel.container.get('static_files').refresh();
      assert.equal((await send(running.address.port, '/late.txt')).status, 200);
    } finally {
      await running.stop(100);
    }
  });
});
