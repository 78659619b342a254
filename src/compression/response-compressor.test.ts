import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { Response } from '../http/response.ts';
import { StreamedResponse } from '../http/streamed-response.ts';
import { listen } from '../server/test-support/listen.ts';
import { CompressionBundle } from './compression-bundle.ts';
import { chooseEncoding, hasZstd } from './encodings.ts';

const page = `<!DOCTYPE html><html><body>${'<p>Events of the week, one paragraph after another.</p>'.repeat(100)}</body></html>`;
let release: () => void = () => {};
const kernel = new TestKernel({
  bundles: [new CompressionBundle()],
  controllers: {
    Pages: {
      page: () => new Response(page, 200, { 'Content-Type': 'text/html; charset=UTF-8', ETag: '"v1"' }),
      small: () => new Response('<p>hi</p>', 200, { 'Content-Type': 'text/html' }),
      image: () => new Response(Buffer.alloc(4096), 200, { 'Content-Type': 'image/jpeg' }),
      encoded: () => new Response(Buffer.alloc(4096), 200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' }),
      empty: () => new Response('', 204),
      events: () => new StreamedResponse((out) => void out.write('data: x\n\n'), 200, { 'Content-Type': 'text/event-stream' }),
      parts: () => new StreamedResponse(async (out) => {
        out.write('<p>first part</p>');
        await new Promise<void>((resolve) => (release = resolve));
        out.write('<p>second part</p>');
      }, 200, { 'Content-Type': 'text/html' }),
    },
  },
  routes: ['page', 'small', 'image', 'encoded', 'empty', 'events', 'parts'].map((name) => ({ name, path: `/${name}`, controller: `Pages::${name}` })),
});

const body = (response: Response): Buffer => response.content as Buffer;

describe('Choosing an encoding', () => {
  it('takes the most wanted, br before gzip on a tie, nothing refused', () => {
    assert.equal(chooseEncoding('gzip, deflate, br'), 'br');
    assert.equal(chooseEncoding('gzip;q=1, br;q=0.5'), 'gzip');
    assert.equal(chooseEncoding('br;q=0, gzip'), 'gzip');
    assert.equal(chooseEncoding('*;q=0.5, br;q=0'), hasZstd ? 'zstd' : 'gzip');
    assert.equal(chooseEncoding('zstd'), hasZstd ? 'zstd' : undefined);
    assert.equal(chooseEncoding('identity'), undefined);
    assert.equal(chooseEncoding(undefined), undefined);
  });
});

describe('Compressing responses', () => {
  it('encodes a page with br when asked, decoding to the same bytes, with Vary and a weak ETag', async () => {
    const response = await kernel.request(get('/page', { 'accept-encoding': 'br' }));
    assert.deepEqual(['Content-Encoding', 'Vary', 'ETag'].map((name) => response.headers.get(name)), ['br', 'Accept-Encoding', 'W/"v1"']);
    assert.equal(brotliDecompressSync(body(response)).toString(), page);
    assert.equal(response.headers.get('Content-Length'), String(body(response).length));
  });

  it('encodes with gzip for a client that only takes gzip', async () => {
    const response = await kernel.request(get('/page', { 'accept-encoding': 'gzip' }));
    assert.deepEqual([response.headers.get('Content-Encoding'), gunzipSync(body(response)).toString()], ['gzip', page]);
  });

  it('leaves the page as it is without Accept-Encoding, saying it varies', async () => {
    const response = await kernel.request(get('/page'));
    assert.deepEqual([response.headers.get('Content-Encoding'), response.headers.get('Vary'), response.content], [undefined, 'Accept-Encoding', page]);
  });

  for (const [what, path, headers, method] of [
    ['a body below the threshold', '/small', {}, 'GET'],
    ['an image', '/image', {}, 'GET'],
    ['a body already encoded', '/encoded', {}, 'GET'],
    ['a 204', '/empty', {}, 'GET'],
    ['an event stream', '/events', {}, 'GET'],
    ['a HEAD request', '/page', {}, 'HEAD'],
    ['a range request', '/page', { range: 'bytes=0-10' }, 'GET'],
  ] as const) {
    it(`never encodes ${what}`, async () => {
      const response = await kernel.request(get(path, { 'accept-encoding': 'br, gzip', ...headers }, method));
      assert.notEqual(response.headers.get('Content-Encoding'), 'br');
    });
  }
});

describe('Compressing over a real socket', () => {
  const server = listen(kernel, { prepare: false });
  after(async () => (await server).close());

  it('sends a streamed response compressed as it streams: the first part arrives before the second is written', async () => {
    const { port } = await server;
    const req = httpRequest({ port, host: '127.0.0.1', path: '/parts', headers: { 'accept-encoding': 'gzip' } });
    req.end();
    const [res] = (await once(req, 'response')) as [import('node:http').IncomingMessage];
    assert.equal(res.headers['content-encoding'], 'gzip');
    const chunks: Buffer[] = [];
    const [first] = (await once(res, 'data')) as [Buffer];
    chunks.push(first);
    const { createGunzip } = await import('node:zlib');
    const gunzip = createGunzip();
    gunzip.write(first);
    const [decoded] = (await once(gunzip, 'data')) as [Buffer];
    assert.equal(decoded.toString(), '<p>first part</p>');
    release();
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(res, 'end');
    assert.equal(gunzipSync(Buffer.concat(chunks)).toString(), '<p>first part</p><p>second part</p>');
  });

  it('sends a page with br whose body decodes to the page', async () => {
    const { port } = await server;
    const response = await fetch(`http://127.0.0.1:${port}/page`, { headers: { 'accept-encoding': 'br' } });
    // fetch decodes br itself: the header says it was encoded, the text is the page
    assert.deepEqual([response.headers.get('content-encoding'), await response.text()], ['br', page]);
  });
});
