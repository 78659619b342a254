import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { rawGet } from 'sluice/testing';
import { brotliDecompressSync } from 'node:zlib';
import { serveKernel, type RunningServer } from 'sluice/server';
import { testApp, type TestApp } from './test-support/app-test-kernel.ts';

describe('The events site compresses its pages in prod', () => {
  let app: TestApp;
  let running: RunningServer;
  let port: number;

  before(async () => {
    app = testApp('prod');
    running = await serveKernel(app.kernel, { port: 0 });
    port = running.address.port;
  });

  after(async () => {
    await running.stop();
    await app.close();
  });

  it('answers Accept-Encoding: br on / with Content-Encoding: br, decoding to the same page', async () => {
    const plain = await rawGet(port, '/');
    const encoded = await rawGet(port, '/', { 'accept-encoding': 'br' });
    assert.deepEqual([encoded.res.statusCode, encoded.res.headers['content-encoding'], encoded.res.headers.vary], [200, 'br', 'Accept-Encoding']);
    assert.equal(plain.res.headers['content-encoding'], undefined);
    assert.ok(encoded.body.length < plain.body.length);
    assert.equal(brotliDecompressSync(encoded.body).toString(), plain.body.toString());
  });

  it('compresses the API\'s JSON too', async () => {
    const encoded = await rawGet(port, '/api/doc.json', { 'accept-encoding': 'br' });
    assert.equal(encoded.res.headers['content-encoding'], 'br');
    assert.equal(JSON.parse(brotliDecompressSync(encoded.body).toString()).openapi, '3.1.0');
  });
});
