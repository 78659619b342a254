import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, request as httpRequest } from 'node:http';
import { get as httpsGet } from 'node:https';
import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Response } from '../http/response.ts';
import { NodeServer, type NodeServerOptions } from './node-server.ts';
import { FakeApplication } from './test-support/fake-application.ts';
import { send, sendRaw } from './test-support/http-client.ts';
import { transports } from './test-support/listen.ts';
import { testCertificate } from './test-support/certificate.ts';
import { until } from './test-support/streaming.ts';
import { typescriptImport } from '../test-support/node-typescript.ts';

async function started(app: FakeApplication, options: Partial<NodeServerOptions> = {}): Promise<{ server: NodeServer; port: number }> {
  const server = new NodeServer({ app, ...options });
  const { port } = await server.listen({ port: 0, host: '127.0.0.1' });
  return { server, port };
}

/** Whether `promise` settles within `ms`: true as soon as it does, false once `ms` have passed. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  // the timer is stopped once the promise settles: a long bound must not hold the test file open
  const timer = new AbortController();
  return Promise.race([promise.then(() => true), sleep(ms, false, { signal: timer.signal }).catch(() => false)]).finally(() => timer.abort());
}

for (const transport of transports) describe(`NodeServer, over the ${transport} transport`, () => {
  test('listening on port 0 takes a free port and resolves with the address', async () => {
    const { server, port } = await started(new FakeApplication(() => new Response('hi')), { transport });
    try {
      assert.ok(port > 0);
      assert.equal(server.address?.address, '127.0.0.1');
      assert.equal((await send(port, '/')).body.toString(), 'hi');
    } finally {
      await server.close();
    }
  });

  test('serves HTTPS when given a key and a certificate, and the application sees a secure request', async (t) => {
    const certificate = testCertificate();
    if (certificate === undefined) {
      t.skip('openssl is needed to make a test certificate');
      return;
    }
    const app = new FakeApplication((request) => new Response(`secure: ${request.isSecure}`));
    const { server, port } = await started(app, { transport, tls: certificate });
    try {
      const body = await new Promise<string>((resolve, reject) => {
        httpsGet({ host: '127.0.0.1', port, path: '/', rejectUnauthorized: false, agent: false }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text));
        }).on('error', reject);
      });
      assert.equal(body, 'secure: true');
      // plain HTTP on the TLS port is no request: nothing reaches the application
      await sendRaw(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      assert.equal(app.requests.length, 1);
    } finally {
      await server.close();
    }
  });

  test('two requests travel over one kept-alive connection', async () => {
    const { server, port } = await started(new FakeApplication(() => new Response('again')), { transport });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const reused: boolean[] = [];
      for (let i = 0; i < 2; i++) {
        await new Promise<void>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
            assert.equal(res.headers.connection, 'keep-alive');
            assert.equal(res.headers['keep-alive'], 'timeout=5');
            res.resume().on('end', resolve);
          });
          req.on('error', reject).end();
          reused.push(req.reusedSocket);
        });
      }
      assert.deepEqual(reused, [false, true]);
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  test('a client too slow to send its headers is answered 408 and disconnected', async () => {
    const app = new FakeApplication(() => new Response('never'));
    const { server, port } = await started(app, { transport, headersTimeout: 150, requestTimeout: 1_000 });
    try {
      const started = Date.now();
      const received = await sendRaw(port, 'GET / HTTP/1.1\r\nHost: x\r\n');
      assert.match(received, /^HTTP\/1\.1 408/);
      assert.ok(Date.now() - started < 900, 'closed by the headers timeout, not the request timeout');
      assert.equal(app.requests.length, 0);
    } finally {
      await server.close();
    }
  });

  test('a client too slow to send its body is answered 408 and disconnected after the request timeout', async () => {
    const app = new FakeApplication(async (request) => {
      for await (const chunk of request.body as AsyncIterable<Buffer>) void chunk;
      return new Response('read');
    });
    const { server, port } = await started(app, { transport, headersTimeout: 100, requestTimeout: 200 });
    try {
      const received = await sendRaw(port, 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly a part');
      assert.match(received, /^HTTP\/1\.1 408/);
      assert.doesNotMatch(received, /read/);
    } finally {
      await server.close();
    }
  });

  test('closing lets an in-flight request finish, then resolves', async () => {
    // the application answers when the test says so, not after a wait a loaded machine outlasts
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const app = new FakeApplication(async () => {
      await released;
      return new Response('finished');
    });
    const { server, port } = await started(app, { transport });
    const reply = send(port, '/slow', { agent: new Agent({ keepAlive: true }) });
    await until(() => app.requests.length > 0, 'the request to reach the application');
    const closing = server.close();
    assert.equal(await settlesWithin(closing, 50), false, 'still waiting for the request');
    release();
    const { status, body, headers } = await reply;
    assert.equal(status, 200);
    assert.equal(body.toString(), 'finished');
    assert.equal(headers.connection, 'close');
    // well under the default grace period: closing ends with the request, not with a timer
    assert.equal(await settlesWithin(closing, 5_000), true);
  });

  test('closing refuses new connections at once', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const app = new FakeApplication(async () => {
      await released;
      return new Response('finished');
    });
    const { server, port } = await started(app, { transport });
    const inFlight = send(port, '/slow');
    await until(() => app.requests.length > 0, 'the request to reach the application');
    const closing = server.close();
    await assert.rejects(send(port, '/'), { code: 'ECONNREFUSED' });
    release();
    assert.equal((await inFlight).body.toString(), 'finished');
    await closing;
  });

  test('closing drops idle keep-alive connections without waiting for their timeout', async () => {
    const { server, port } = await started(new FakeApplication(() => new Response('ok')), { transport, keepAliveTimeout: 30_000 });
    const agent = new Agent({ keepAlive: true });
    await send(port, '/', { agent });
    // well under the keep-alive timeout and the default grace period, with room for a loaded machine
    assert.equal(await settlesWithin(server.close(), 5_000), true);
    agent.destroy();
  });

  test('closing destroys what is still open after the grace period', async () => {
    const app = new FakeApplication(() => new Promise<Response>(() => {}));
    const { server, port } = await started(app, { transport });
    const stuck = send(port, '/stuck');
    await until(() => app.requests.length > 0, 'the request to reach the application');
    const begun = Date.now();
    await server.close(100);
    assert.ok(Date.now() - begun < 1_000);
    await assert.rejects(stuck, /socket hang up|ECONNRESET/);
  });
});

describe('What a plain HTTP server loads', () => {
  /** The TLS modules a fresh process has loaded after `script` (ES module code) ran, in the order it loaded them. */
  function tlsModulesAfter(script: string): string[] {
    // In a process of its own: this one loaded them for the tests above.
    const report = `process.stdout.write(JSON.stringify(process.moduleLoadList.filter((name) => /^NativeModule (tls|https|_tls_wrap)$/.test(name))));`;
    const child = spawnSync(process.execPath, [...typescriptImport, '--input-type=module', '-e', `${script}\n${report}`], { encoding: 'utf8', cwd: fileURLToPath(new URL('../..', import.meta.url)) });
    assert.equal(child.status, 0, child.stderr);
    return JSON.parse(child.stdout) as string[];
  }

  test('is no more of node:tls and node:https than node:http itself loads: importing sluice/server and making a server of each transport without TLS adds none', () => {
    const ours = tlsModulesAfter(`
      const { NodeServer, Http1Server } = await import(${JSON.stringify(new URL('./index.ts', import.meta.url).href)});
      const { FakeApplication } = await import(${JSON.stringify(new URL('./test-support/fake-application.ts', import.meta.url).href)});
      new Http1Server();
      for (const transport of ['sluice', 'node']) new NodeServer({ app: new FakeApplication(() => undefined), transport });`);
    // Node 22 and later load node:tls with node:http (for its proxy support); Node 20 does not.
    const nodes = tlsModulesAfter(`await import('node:http'); await import('node:net');`);
    assert.deepEqual(ours, nodes);
    assert.ok(!ours.includes('NativeModule https'), 'node:https is loaded');
  });
});
