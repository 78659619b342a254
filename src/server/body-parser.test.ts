import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Readable, PassThrough } from 'node:stream';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { HttpException } from '../exception/http-exception.ts';
import { bufferedBody, parseBody, parseJson, readBody } from './body-parser.ts';
import { connect } from 'node:net';
import { UploadedFile } from './uploaded-file.ts';
import { NodeServer } from './node-server.ts';
import { FakeApplication } from './test-support/fake-application.ts';
import { send } from './test-support/http-client.ts';
import { transports } from './test-support/listen.ts';

let dir: string;
before(() => (dir = mkdtempSync(join(tmpdir(), 'sluice-body-'))));
after(() => rmSync(dir, { recursive: true, force: true }));

function posted(body: string | Buffer | Readable, contentType: string, headers: Record<string, string> = {}): Request {
  const stream = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
  return new Request({ method: 'POST', url: '/', headers: { 'content-type': contentType, ...headers }, body: stream });
}

async function multipart(fill: (form: FormData) => void): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  fill(form);
  const encoded = new globalThis.Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

function status(expected: number): (error: unknown) => boolean {
  return (error) => error instanceof HttpException && error.statusCode === expected;
}

describe('parseBody', () => {
  test('a urlencoded body fills the form, repeated and [] keys as arrays', async () => {
    const request = posted('name=Ada+L&tag=a&tag=b&ids[]=7&empty=', 'application/x-www-form-urlencoded; charset=UTF-8');
    await parseBody(request);
    assert.deepEqual(request.form.all(), { name: 'Ada L', tag: ['a', 'b'], ids: ['7'], empty: '' });
  });

  test('a multipart body fills the form and the files', async () => {
    const { body, type } = await multipart((form) => {
      form.append('title', 'Holiday');
      form.append('photo', new File([Buffer.from('JPEGDATA')], 'beach.jpg', { type: 'image/jpeg' }));
    });
    const request = posted(body, type);
    await parseBody(request);
    assert.equal(request.form.get('title'), 'Holiday');
    const photo = request.files.get('photo') as UploadedFile;
    assert.ok(photo instanceof UploadedFile);
    assert.deepEqual([photo.name, photo.type, photo.size], ['beach.jpg', 'image/jpeg', 8]);
    assert.equal((await photo.bytes()).toString(), 'JPEGDATA');
  });

  test('an uploaded file can be moved to a path of the application', async () => {
    const { body, type } = await multipart((form) => form.append('doc', new File(['contents'], 'a.txt')));
    const request = posted(body, type);
    await parseBody(request);
    const target = join(dir, 'uploads', 'kept.txt');
    await (request.files.get('doc') as UploadedFile).moveTo(target);
    assert.equal(readFileSync(target, 'utf8'), 'contents');
  });

  test('an empty file input is no upload', async () => {
    const { body, type } = await multipart((form) => form.append('photo', new File([], '')));
    const request = posted(body, type);
    await parseBody(request);
    assert.equal(request.files.has('photo'), false);
  });

  test('a body declared larger than the limit is a 413 without being read', async () => {
    const request = posted('x'.repeat(20), 'text/plain', { 'content-length': '20' });
    await assert.rejects(parseBody(request, { limit: 10 }), status(413));
    assert.equal((request.body as Readable).readableFlowing, null);
  });

  test('a streamed body growing past the limit is a 413', async () => {
    const request = posted(Readable.from([Buffer.alloc(6), Buffer.alloc(6)]), 'application/octet-stream');
    await assert.rejects(parseBody(request, { limit: 10 }), status(413));
  });

  test('a malformed multipart body is a 400', async () => {
    const request = posted('--nope\r\nthis is not multipart', 'multipart/form-data; boundary=xyz');
    await assert.rejects(parseBody(request), status(400));
  });

  test('a multipart body without a boundary is a 400', async () => {
    await assert.rejects(parseBody(posted('a', 'multipart/form-data')), status(400));
  });

  test('a body the client stops sending is a 400', async () => {
    const stream = new PassThrough();
    const reading = parseBody(posted(stream, 'text/plain'));
    stream.write('part');
    stream.destroy();
    await assert.rejects(reading, status(400));
  });

  test('another type leaves the form empty and gives the raw bytes', async () => {
    const request = posted('<xml/>', 'application/xml');
    assert.equal((await parseBody(request)).toString(), '<xml/>');
    assert.equal(request.form.size, 0);
  });

  test('the body can be asked for more than once', async () => {
    const request = posted('a=1', 'application/x-www-form-urlencoded');
    await parseBody(request);
    assert.equal((await readBody(request)).toString(), 'a=1');
    assert.deepEqual((await parseBody(request)).toString(), 'a=1');
    assert.deepEqual(request.form.all(), { a: '1' });
  });
});

describe('parseJson', () => {
  test('a JSON body is parsed', async () => {
    assert.deepEqual(await parseJson(posted('{"a":[1,2]}', 'application/json')), { a: [1, 2] });
  });

  test('invalid JSON is a 400', async () => {
    await assert.rejects(parseJson(posted('{"a":', 'application/json')), status(400));
  });
});

for (const transport of transports) describe(`parseBody over a socket, with the ${transport} transport`, () => {
  const app = new FakeApplication(async (request) => {
    try {
      await parseBody(request, { limit: 1024 });
    } catch (error) {
      if (error instanceof HttpException) return new Response(error.message, error.statusCode);
      throw error;
    }
    const file = request.files.get('file') as UploadedFile | undefined;
    if (file !== undefined) await file.moveTo(join(dir, 'socket', file.name));
    return new Response(JSON.stringify({ form: request.form.all(), file: file?.name }));
  });
  let server: NodeServer;
  let port: number;
  before(async () => {
    server = new NodeServer({ app, transport });
    ({ port } = await server.listen());
  });
  after(() => server.close());

  test('an uploaded file arrives and is moved', async () => {
    const { body, type } = await multipart((form) => {
      form.append('caption', 'hi');
      form.append('file', new File(['bytes'], 'up.txt'));
    });
    const reply = await send(port, '/', { method: 'POST', body, headers: { 'content-type': type } });
    assert.deepEqual(JSON.parse(reply.body.toString()), { form: { caption: 'hi' }, file: 'up.txt' });
    assert.equal(readFileSync(join(dir, 'socket', 'up.txt'), 'utf8'), 'bytes');
  });

  test('a body over the limit is answered 413 and its connection closed', async () => {
    const reply = await send(port, '/', { method: 'POST', body: 'x'.repeat(2000), headers: { 'content-type': 'text/plain' } });
    assert.equal(reply.status, 413);
    assert.equal(reply.headers.connection, 'close');
  });
});

describe('bufferedBody over a socket, with our HTTP/1.1 server', () => {
  /** What the handler saw: the bytes at hand when it was called, then what a read gave. */
  const seen: Array<{ atOnce: string | undefined; read: string }> = [];
  let called: () => void = () => {};
  const app = new FakeApplication(async (request) => {
    const atOnce = bufferedBody(request)?.toString();
    called();
    const read = (await readBody(request)).toString();
    seen.push({ atOnce, read });
    return new Response('ok');
  });
  let server: NodeServer;
  let port: number;
  before(async () => {
    server = new NodeServer({ app, transport: 'sluice' });
    ({ port } = await server.listen());
  });
  after(() => server.close());

  test('gives a body sent with its head at once, and a read afterwards the same bytes', async () => {
    seen.length = 0;
    const reply = await send(port, '/', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    assert.equal(reply.status, 200);
    assert.deepEqual(seen, [{ atOnce: '{"a":1}', read: '{"a":1}' }]);
  });

  test('gives nothing at once for a body still arriving, which a read then waits for', async () => {
    seen.length = 0;
    const socket = connect(port, '127.0.0.1');
    const handled = new Promise<void>((resolve) => (called = resolve));
    socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 6\r\nConnection: close\r\n\r\nabc');
    await handled;
    const answered = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString())).on('end', () => resolve(text));
    });
    socket.end('def');
    assert.match(await answered, /^HTTP\/1\.1 200 /);
    assert.deepEqual(seen, [{ atOnce: undefined, read: 'abcdef' }]);
  });
});
