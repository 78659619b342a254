import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from 'sluice/testing';
import { testApp, type TestApp } from '../app/src/test-support/app-test-kernel.ts';
import { startSourceServer, stopServer } from './harness.ts';

describe('the Fastify event page of the benchmark', () => {
  let app: TestApp;
  let peer: ChildProcess;
  let port: number;

  before(async () => {
    app = testApp('prod');
    ({ child: peer, port } = await startSourceServer('bench/servers/fastify-page.ts', { PAGE_DATABASE: join(app.dataDir, 'data.db') }));
  });

  after(async () => {
    await stopServer(peer);
    await app.close();
  });

  for (const path of ['/en/events/1', '/fr/events/1', '/en/events/2']) {
    it(`answers ${path} with the app's HTML and cache headers, byte for byte`, async () => {
      const ours = await createClient(app.kernel).get(path);
      const theirs = await fetch(`http://127.0.0.1:${port}${path}`);
      assert.equal(theirs.status, ours.status);
      assert.equal(await theirs.text(), ours.text());
      for (const name of ['content-type', 'etag', 'last-modified', 'cache-control', 'x-content-type-options', 'referrer-policy', 'content-security-policy', 'x-frame-options']) {
        assert.equal(theirs.headers.get(name), ours.headers.get(name) ?? null, name);
      }
    });
  }

  it('answers a revalidation with the current ETag with 304', async () => {
    const first = await fetch(`http://127.0.0.1:${port}/en/events/1`);
    const again = await fetch(`http://127.0.0.1:${port}/en/events/1`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    assert.equal(again.status, 304);
  });
});
