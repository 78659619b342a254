import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttpsServer, get as httpsGet } from 'node:https';
import { Agent, get } from 'node:http';
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Response } from '../http/response.ts';
import { StreamedResponse } from '../http/streamed-response.ts';
import { BinaryFileResponse } from '../http/binary-file-response.ts';
import { FakeApplication } from './test-support/fake-application.ts';
import { NodeAdapter } from './node-adapter.ts';
import { nodeRequestOptions } from './node-request.ts';
import { listen, transports } from './test-support/listen.ts';
import { send, sendRaw } from './test-support/http-client.ts';
import { firstChunkThen, until } from './test-support/streaming.ts';
import { testCertificate } from './test-support/certificate.ts';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'sluice-adapter-'));
  writeFileSync(join(dir, 'digits.txt'), '0123456789');
});
after(() => rmSync(dir, { recursive: true, force: true }));

for (const transport of transports) describe(`NodeAdapter, over the ${transport} transport`, () => {
  test('the application sees the request as the client sent it', async () => {
    const app = new FakeApplication(() => new Response('ok'));
    const server = await listen(app, { transport });
    try {
      await send(server.port, '/a%20b/c?x=1&x=2&y[]=3', { headers: { 'X-Custom': 'yes', Host: 'example.test' } });
      const request = app.requests[0]!;
      assert.equal(request.method, 'GET');
      assert.equal(request.rawPath, '/a%20b/c');
      assert.deepEqual(request.query.all(), { x: ['1', '2'], y: ['3'] });
      assert.equal(request.headers.get('x-custom'), 'yes');
      assert.equal(request.clientIp, '127.0.0.1');
      assert.equal(request.isSecure, false);
      assert.equal(request.port, 80);
      assert.equal(request.body, undefined);
    } finally {
      await server.close();
    }
  });

  test('keeps the connection alive for answers made synchronously and asynchronously', async () => {
    const app = new FakeApplication((request) => (request.rawPath === '/later' ? Promise.resolve(new Response('later')) : new Response('now')));
    const server = await listen(app, { transport });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sockets = new Set<unknown>();
      for (const path of ['/now', '/later', '/now']) {
        const reply = await new Promise<{ body: string; connection: string | undefined }>((resolve, reject) => {
          const req = get({ port: server.port, path, agent }, (res) => {
            sockets.add(res.socket);
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ body, connection: res.headers.connection }));
          });
          req.on('error', reject);
        });
        assert.equal(reply.body, path === '/later' ? 'later' : 'now');
        assert.equal(reply.connection, 'keep-alive');
      }
      assert.equal(sockets.size, 1, 'one connection served all three');
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  test('closes the connection after a synchronous answer that left a request body unread', async () => {
    const server = await listen(new FakeApplication(() => new Response('ignored your body')), { transport });
    try {
      const raw = await sendRaw(server.port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly part');
      assert.match(raw, /^HTTP\/1\.1 200/);
      assert.match(raw, /connection: close/i);
    } finally {
      await server.close();
    }
  });

  test('without a Host header the request reports the port the server listens on', async () => {
    const app = new FakeApplication(() => new Response('ok'));
    const server = await listen(app, { transport });
    try {
      await sendRaw(server.port, 'GET / HTTP/1.0\r\n\r\n');
      assert.equal(app.requests[0]!.port, server.port);
    } finally {
      await server.close();
    }
  });

  test('a request over TLS is secure', async (t) => {
    const certificate = testCertificate();
    if (certificate === undefined) {
      t.skip('openssl is needed to make a test certificate');
      return;
    }
    const app = new FakeApplication(() => new Response('ok'));
    const adapter = new NodeAdapter(app);
    const server = createHttpsServer({ ...certificate, ...nodeRequestOptions }, (req, res) => void adapter.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise((resolve, reject) => {
        httpsGet({ host: '127.0.0.1', port, path: '/', rejectUnauthorized: false, agent: false }, (res) => res.resume().on('end', resolve)).on('error', reject);
      });
      assert.equal(app.requests[0]!.isSecure, true);
      assert.equal(app.requests[0]!.port, port);
    } finally {
      server.close();
    }
  });

  test('a request with a body hands the application its stream', async () => {
    let text = '';
    const app = new FakeApplication(async (request) => {
      for await (const chunk of request.body as AsyncIterable<Buffer>) text += chunk.toString();
      return new Response('read');
    });
    const server = await listen(app, { transport });
    try {
      const reply = await send(server.port, '/', { method: 'POST', body: 'hello body' });
      assert.equal(reply.body.toString(), 'read');
      assert.equal(text, 'hello body');
    } finally {
      await server.close();
    }
  });

  test('HEAD gets the headers and Content-Length of GET but no body', async () => {
    const app = new FakeApplication(() => new Response('twelve bytes'));
    const server = await listen(app, { transport });
    try {
      const reply = await send(server.port, '/', { method: 'HEAD' });
      assert.equal(reply.status, 200);
      assert.equal(reply.headers['content-length'], '12');
      assert.equal(reply.headers['content-type'], 'text/html; charset=UTF-8');
      assert.equal(reply.body.length, 0);
    } finally {
      await server.close();
    }
  });

  test('with prepare off, a response the application prepared is sent as it is', async () => {
    const app = new FakeApplication((request) => new Response('twelve bytes').prepare(request));
    const server = await listen(app, { prepare: false, transport });
    try {
      const reply = await send(server.port, '/', { method: 'HEAD' });
      assert.equal(reply.headers['content-length'], '12');
    } finally {
      await server.close();
    }
  });

  test('a StreamedResponse body reaches the client chunk by chunk', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const app = new FakeApplication(() => new StreamedResponse(async (out) => {
      out.write('first;');
      await gate;
      out.end('second');
    }));
    const server = await listen(app, { transport });
    try {
      const chunks = await firstChunkThen(server.port, '/', () => release());
      assert.deepEqual(chunks, ['first;', 'second']);
    } finally {
      await server.close();
    }
  });

  test('a BinaryFileResponse answers a Range with 206 and those bytes', async () => {
    const app = new FakeApplication(() => new BinaryFileResponse(join(dir, 'digits.txt')));
    const server = await listen(app, { transport });
    try {
      const reply = await send(server.port, '/', { headers: { Range: 'bytes=2-5' } });
      assert.equal(reply.status, 206);
      assert.equal(reply.headers['content-range'], 'bytes 2-5/10');
      assert.equal(reply.headers['content-length'], '4');
      assert.equal(reply.body.toString(), '2345');
    } finally {
      await server.close();
    }
  });

  test('terminate runs once for a body sent at once, after the client has it, before the next request on the connection', async () => {
    const events: string[] = [];
    const app = new FakeApplication((request) => {
      events.push(`handle ${request.rawPath}`);
      return new Response(`body of ${request.rawPath}`);
    });
    app.onTerminate = (request) => void events.push(`terminate ${request.rawPath}`);
    const server = await listen(app, { transport });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const path of ['/one', '/two']) {
        const body = await new Promise<string>((resolve, reject) => {
          get({ port: server.port, path, agent }, (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve(text));
          }).on('error', reject);
        });
        assert.equal(body, `body of ${path}`);
        await until(() => events.includes(`terminate ${path}`), 'terminate');
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual(events, ['handle /one', 'terminate /one', 'handle /two', 'terminate /two']);
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  test('terminate runs once the body has been sent, never while it is streaming', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const app = new FakeApplication(() => new StreamedResponse(async (out) => {
      out.write('a');
      await gate;
      out.end('b');
    }));
    let terminatedWhileStreaming: boolean | undefined;
    const server = await listen(app, { transport });
    try {
      const chunks = await firstChunkThen(server.port, '/', () => {
        terminatedWhileStreaming = app.terminated.length > 0;
        setTimeout(release, 30);
      });
      assert.equal(chunks.join(''), 'ab');
      await until(() => app.terminated.length === 1, 'terminate');
      assert.equal(terminatedWhileStreaming, false);
      assert.equal(app.terminated[0]!.request, app.requests[0]);
    } finally {
      await server.close();
    }
  });
});
