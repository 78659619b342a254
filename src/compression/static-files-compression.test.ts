import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rawGet } from '../testing/raw-get.ts';
import { gunzipSync } from 'node:zlib';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import { serveKernel, type RunningServer } from '../server/serve-kernel.ts';
import { CompressionBundle } from './compression-bundle.ts';

const css = `body { margin: 0; }\n${'.event { color: #333; padding: 1em; }\n'.repeat(100)}`;

describe('Static files with the CompressionBundle', () => {
  const kernel = new TestKernel({ bundles: [new CompressionBundle()] });
  let running: RunningServer;

  before(async () => {
    mkdirSync(join(kernel.publicDir, 'css'), { recursive: true });
    writeFileSync(join(kernel.publicDir, 'css', 'site.css'), css);
    writeFileSync(join(kernel.publicDir, 'tiny.txt'), 'hello');
    running = await serveKernel(kernel, { port: 0, installAssets: false });
  });

  after(() => running.stop());

  it('are compressed by Accept-Encoding, with Vary and a weak ETag', async () => {
    const { res, body } = await rawGet(running.address.port, '/css/site.css', { 'accept-encoding': 'gzip' });
    assert.deepEqual([res.statusCode, res.headers['content-encoding'], res.headers.vary, res.headers['content-length']], [200, 'gzip', 'Accept-Encoding', undefined]);
    assert.match(String(res.headers.etag), /^W\//);
    assert.equal(gunzipSync(body).toString(), css);
  });

  it('are sent as they are for ranges, small files and clients that do not ask', async () => {
    const port = running.address.port;
    const range = await rawGet(port, '/css/site.css', { 'accept-encoding': 'gzip', range: 'bytes=0-3' });
    assert.deepEqual([range.res.statusCode, range.res.headers['content-encoding'], range.body.toString()], [206, undefined, 'body']);
    assert.equal((await rawGet(port, '/tiny.txt', { 'accept-encoding': 'gzip' })).res.headers['content-encoding'], undefined);
    const plain = await rawGet(port, '/css/site.css');
    assert.deepEqual([plain.res.headers['content-encoding'], plain.body.toString()], [undefined, css]);
  });
});
