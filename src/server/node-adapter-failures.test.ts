import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Response } from '../http/response.ts';
import { StreamedResponse } from '../http/streamed-response.ts';
import { BinaryFileResponse } from '../http/binary-file-response.ts';
import type { Request } from '../http/request.ts';
import { FakeApplication } from './test-support/fake-application.ts';
import { RecordingLogger } from './test-support/recording-logger.ts';
import { listen, transports } from './test-support/listen.ts';
import { send } from './test-support/http-client.ts';
import { leaveAfterFirstChunk, until } from './test-support/streaming.ts';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'sluice-adapter-failures-'));
  writeFileSync(join(dir, 'large.bin'), Buffer.alloc(8 * 1024 * 1024, 1));
});
after(() => rmSync(dir, { recursive: true, force: true }));

for (const transport of transports) describe(`NodeAdapter when something fails, over the ${transport} transport`, () => {
  test('a failing terminate is logged and the client is not affected', async () => {
    const logger = new RecordingLogger();
    const app = new FakeApplication(() => new Response('fine'));
    app.onTerminate = () => {
      throw new Error('flush failed');
    };
    const server = await listen(app, { logger, transport });
    try {
      const reply = await send(server.port, '/');
      assert.equal(reply.body.toString(), 'fine');
      await until(() => logger.entries.length === 1, 'the log entry');
      assert.match(String(logger.entries[0]!.context.reason), /flush failed/);
    } finally {
      await server.close();
    }
  });

  test('handle() rejecting gives a bare 500 and the next request is served', async () => {
    const logger = new RecordingLogger();
    let fail = true;
    const app = new FakeApplication(() => {
      if (fail) throw new Error('no error page either');
      return new Response('back');
    });
    const server = await listen(app, { logger, transport });
    try {
      const reply = await send(server.port, '/broken');
      assert.equal(reply.status, 500);
      assert.equal(reply.statusText, 'Internal Server Error');
      assert.equal(reply.headers['content-type'], 'text/plain; charset=UTF-8');
      assert.equal(reply.body.toString(), 'Internal Server Error');
      assert.equal(logger.entries.length, 1);
      assert.equal(logger.entries[0]!.context.url, '/broken');
      fail = false;
      assert.equal((await send(server.port, '/')).body.toString(), 'back');
    } finally {
      await server.close();
    }
  });

  test('a header node refuses to write becomes the bare 500', async () => {
    const logger = new RecordingLogger();
    const app = new FakeApplication(() => new Response('x', 200, { 'X-Bad': 'line\nbreak' }));
    const server = await listen(app, { logger, transport });
    try {
      const reply = await send(server.port, '/');
      assert.equal(reply.status, 500);
      assert.equal(logger.entries.length, 1);
    } finally {
      await server.close();
    }
  });

  test('a body that fails mid-stream closes that connection only', async () => {
    const logger = new RecordingLogger();
    const app = new FakeApplication((request: Request) => request.rawPath === '/ok'
      ? new Response('still up')
      : new StreamedResponse(async (out) => {
        out.write('partial');
        await sleep(10);
        throw new Error('template blew up');
      }));
    const server = await listen(app, { logger, transport });
    try {
      await assert.rejects(send(server.port, '/stream'), /aborted|socket hang up|ECONNRESET/);
      assert.equal((await send(server.port, '/ok')).body.toString(), 'still up');
      assert.equal(logger.entries.length, 1);
      assert.match(String(logger.entries[0]!.context.reason), /template blew up/);
    } finally {
      await server.close();
    }
  });

  test('a streamed body written after its end crashes nothing', async () => {
    const app = new FakeApplication((request: Request) => request.rawPath === '/ok'
      ? new Response('still up')
      : new StreamedResponse((out) => {
        out.end('done');
        // node answers a write after the end, while the response is open, with an 'error' event
        out.write('too late');
      }));
    const server = await listen(app, { transport });
    try {
      assert.equal((await send(server.port, '/stream')).body.toString(), 'done');
      await sleep(20);
      assert.equal((await send(server.port, '/ok')).body.toString(), 'still up');
    } finally {
      await server.close();
    }
  });

  test('a client leaving mid-stream crashes nothing and terminate still runs', async () => {
    const logger = new RecordingLogger();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const app = new FakeApplication((request: Request) => request.rawPath === '/ok'
      ? new Response('still up')
      : new StreamedResponse(async (out) => {
        out.write('first');
        await gate;
        for (let i = 0; i < 100; i++) out.write('more');
        out.end();
      }));
    const server = await listen(app, { logger, transport });
    try {
      await leaveAfterFirstChunk(server.port, '/stream');
      await sleep(30);
      release();
      await until(() => app.terminated.length === 1, 'terminate');
      assert.equal((await send(server.port, '/ok')).body.toString(), 'still up');
      assert.deepEqual(logger.entries, []);
    } finally {
      await server.close();
    }
  });

  test('a client leaving before a large in-memory body is written crashes nothing, and terminate runs once', async () => {
    const logger = new RecordingLogger();
    const app = new FakeApplication((request: Request) => new Response(request.rawPath === '/ok' ? 'still up' : 'x'.repeat(16 * 1024 * 1024)));
    const server = await listen(app, { logger, transport });
    try {
      await leaveAfterFirstChunk(server.port, '/large');
      await until(() => app.terminated.length === 1, 'terminate');
      assert.equal((await send(server.port, '/ok')).body.toString(), 'still up');
      await until(() => app.terminated.length === 2, 'the second terminate');
      await sleep(20);
      assert.equal(app.terminated.length, 2);
      assert.deepEqual(logger.entries, []);
    } finally {
      await server.close();
    }
  });

  test('a client leaving during a file download crashes nothing', async () => {
    const logger = new RecordingLogger();
    const app = new FakeApplication(() => new BinaryFileResponse(join(dir, 'large.bin')));
    const server = await listen(app, { logger, transport });
    try {
      await leaveAfterFirstChunk(server.port, '/');
      await until(() => app.terminated.length === 1, 'terminate');
      assert.deepEqual(logger.entries, []);
    } finally {
      await server.close();
    }
  });
});
