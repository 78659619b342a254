import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, symlinkSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Response } from '../http/response.ts';
import { NodeServer } from './node-server.ts';
import { StaticFiles } from './static-files.ts';
import { FakeApplication } from './test-support/fake-application.ts';
import { send } from './test-support/http-client.ts';
import { transports } from './test-support/listen.ts';
import { typescriptImport } from '../test-support/node-typescript.ts';

const secret = 'TOP SECRET';
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
let base: string;
let publicDir: string;
let app: FakeApplication;
let server: NodeServer;
let port: number;

function layout(): void {
  base = mkdtempSync(join(tmpdir(), 'sluice-static-'));
  publicDir = join(base, 'public');
  const files: Record<string, string | Buffer> = {
    'secret.txt': secret,
    'public-evil/secret.txt': secret,
    'elsewhere/logo.svg': '<svg/>',
    'public/digits.txt': '0123456789',
    'public/bundles/app/css/site.css': 'body { color: red }',
    'public/photo.JPG': jpeg,
    'public/.env': secret,
    'public/.hidden/file.txt': secret,
    'public/docs/readme.txt': 'docs',
    'public/docs/index.html': '<p>index</p>',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(base, path, '..'), { recursive: true });
    writeFileSync(join(base, path), content);
  }
  symlinkSync(join(base, 'elsewhere'), join(publicDir, 'bundles', 'linked'));
  symlinkSync(publicDir, join(publicDir, 'loop'));
  symlinkSync(join(base, 'secret.txt'), join(publicDir, 'passwd'));
  symlinkSync(base, join(publicDir, 'up'));
  writeFileSync(join(publicDir, 'big.bin'), Buffer.alloc(4 * 1024 * 1024, 'b'));
}

before(() => {
  layout();
  app = new FakeApplication((request) => new Response(`application: ${request.rawPath}`, 404));
});

after(() => {
  rmSync(base, { recursive: true, force: true });
});

/** Whether the application answered the request rather than a file. */
async function reachesApplication(path: string, method = 'GET'): Promise<boolean> {
  const before = app.requests.length;
  const reply = await send(port, path, { method });
  assert.ok(!reply.body.includes(secret), `${path} leaked a file outside the public directory`);
  return app.requests.length === before + 1 && reply.status === 404;
}

for (const transport of transports) describe(`StaticFiles, over the ${transport} transport`, () => {
  before(async () => {
    server = new NodeServer({ app, transport, staticFiles: new StaticFiles(publicDir, { refreshMs: 0, symlinkTargets: [join(base, 'elsewhere')] }) });
    ({ port } = await server.listen());
  });

  after(() => server.close());

  test('a file under the public directory is sent with its type, without the application', async () => {
    const reply = await send(port, '/bundles/app/css/site.css');
    assert.equal(reply.status, 200);
    assert.equal(reply.body.toString(), 'body { color: red }');
    assert.equal(reply.headers['content-type'], 'text/css; charset=utf-8');
    assert.equal(app.requests.some((request) => request.rawPath === '/bundles/app/css/site.css'), false);
  });

  test('an upper-case extension gives the same type as a lower-case one', async () => {
    const reply = await send(port, '/photo.JPG');
    assert.equal(reply.headers['content-type'], 'image/jpeg');
    assert.deepEqual(reply.body, jpeg);
  });

  test('the query string does not change which file is sent', async () => {
    assert.equal((await send(port, '/digits.txt?v=3')).body.toString(), '0123456789');
  });

  test('a matching If-None-Match gets 304 without a body', async () => {
    const { headers } = await send(port, '/digits.txt');
    assert.match(String(headers.etag), /^W\/".+"$/);
    const reply = await send(port, '/digits.txt', { headers: { 'If-None-Match': headers.etag } });
    assert.equal(reply.status, 304);
    assert.equal(reply.body.length, 0);
  });

  test('an If-Modified-Since not older than Last-Modified gets 304', async () => {
    const { headers } = await send(port, '/digits.txt');
    assert.ok(headers['last-modified']);
    const reply = await send(port, '/digits.txt', { headers: { 'If-Modified-Since': headers['last-modified'] } });
    assert.equal(reply.status, 304);
  });

  test('a Range gets 206 with those bytes', async () => {
    const reply = await send(port, '/digits.txt', { headers: { Range: 'bytes=3-6' } });
    assert.equal(reply.status, 206);
    assert.equal(reply.headers['content-range'], 'bytes 3-6/10');
    assert.equal(reply.body.toString(), '3456');
  });

  test('a Range past the end gets 416', async () => {
    const reply = await send(port, '/digits.txt', { headers: { Range: 'bytes=50-60' } });
    assert.equal(reply.status, 416);
    assert.equal(reply.headers['content-range'], 'bytes */10');
  });

  test('HEAD gets the length but no body', async () => {
    const reply = await send(port, '/digits.txt', { method: 'HEAD' });
    assert.equal(reply.headers['content-length'], '10');
    assert.equal(reply.body.length, 0);
  });

  test('only GET and HEAD are served; a POST to a file reaches the application', async () => {
    assert.equal(await reachesApplication('/digits.txt', 'POST'), true);
  });

  test('a missing file reaches the application', async () => {
    assert.equal(await reachesApplication('/bundles/app/css/missing.css'), true);
  });

  test('a directory reaches the application, with no index and no redirect', async () => {
    assert.equal(await reachesApplication('/docs'), true);
    assert.equal(await reachesApplication('/docs/'), true);
  });

  test('dotfiles and files in dot-directories reach the application', async () => {
    assert.equal(await reachesApplication('/.env'), true);
    assert.equal(await reachesApplication('/.hidden/file.txt'), true);
    assert.equal(await reachesApplication('/%2eenv'), true);
  });

  test('no spelling of a path outside the public directory gets a file', async () => {
    const attempts = [
      '/../secret.txt', '/bundles/../../secret.txt', '/bundles/app/../../../secret.txt',
      '/%2e%2e/secret.txt', '/%2e%2e%2fsecret.txt', '/bundles/%2e%2e%2f%2e%2e%2fsecret.txt', '/..%2fsecret.txt',
      '/%2E%2E%2Fsecret.txt', '/..%5csecret.txt', '/..\\secret.txt', '/bundles\\..\\..\\secret.txt',
      '/../public-evil/secret.txt', '/%2e%2e/public-evil/secret.txt', '/bundles/linked/../../../secret.txt',
      '/digits.txt%00', '/digits.txt%00.css', `/${encodeURIComponent(join(base, 'secret.txt'))}`, '//secret.txt',
      '/loop/../../secret.txt', '/%252e%252e/secret.txt',
    ];
    for (const path of attempts) assert.equal(await reachesApplication(path), true, path);
  });

  test('a malformed percent-encoding reaches the application', async () => {
    assert.equal(await reachesApplication('/bundles/%E0%A4%A.css'), true);
    assert.equal(await reachesApplication('/%'), true);
  });

  test('a symlink under the public directory that leads out of it is not followed, unless to a directory the options allow', async () => {
    assert.equal(await reachesApplication('/passwd'), true);
    assert.equal(await reachesApplication('/up/secret.txt'), true);
    assert.equal(await reachesApplication('/up/elsewhere/logo.svg'), true);
    assert.equal((await send(port, '/bundles/linked/logo.svg')).status, 200);
  });

  test('a client that half-closes after its request still gets the whole file', async () => {
    const received = await new Promise<Buffer>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n'));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('close', () => resolve(Buffer.concat(chunks)));
      socket.on('error', reject);
    });
    const headEnd = received.indexOf('\r\n\r\n');
    assert.match(received.subarray(0, headEnd).toString('latin1'), /^HTTP\/1\.1 200 /);
    assert.equal(received.length - headEnd - 4, 4 * 1024 * 1024);
  });

  test('a symlinked directory the options allow is followed', async () => {
    const reply = await send(port, '/bundles/linked/logo.svg');
    assert.equal(reply.status, 200);
    assert.equal(reply.body.toString(), '<svg/>');
  });

  test('a file is served once the index has seen it, and a removed one reaches the application', async () => {
    writeFileSync(join(publicDir, 'late.txt'), 'late');
    const files = new StaticFiles(publicDir, { refreshMs: 0 });
    const late = new NodeServer({ app, transport, staticFiles: files });
    const { port: latePort } = await late.listen();
    try {
      assert.equal((await send(latePort, '/late.txt')).body.toString(), 'late');
      unlinkSync(join(publicDir, 'late.txt'));
      const reply = await send(latePort, '/late.txt');
      assert.equal(reply.body.toString(), 'application: /late.txt');
      writeFileSync(join(publicDir, 'later.txt'), 'later');
      assert.equal((await send(latePort, '/later.txt')).status, 404);
      await files.refresh();
      assert.equal((await send(latePort, '/later.txt')).body.toString(), 'later');
    } finally {
      await late.close();
      rmSync(join(publicDir, 'later.txt'), { force: true });
    }
  });

  test('Cache-Control follows the options', async () => {
    const files = new StaticFiles(publicDir, { maxAge: '1d', immutable: true, refreshMs: 0 });
    const cached = new NodeServer({ app, transport, staticFiles: files });
    const { port: cachedPort } = await cached.listen();
    try {
      assert.equal((await send(cachedPort, '/digits.txt')).headers['cache-control'], 'public, max-age=86400, immutable');
    } finally {
      await cached.close();
    }
  });
});

describe('StaticFiles\' file sender', () => {
  test('is loaded by the first file served, not by a server whose requests all reach the application', () => {
    // In a process of its own: this one served files above.
    const script = `
      import { createRequire } from 'node:module';
      const { NodeServer } = await import(${JSON.stringify(new URL('./node-server.ts', import.meta.url).href)});
      const { StaticFiles } = await import(${JSON.stringify(new URL('./static-files.ts', import.meta.url).href)});
      const { FakeApplication } = await import(${JSON.stringify(new URL('./test-support/fake-application.ts', import.meta.url).href)});
      const { Response } = await import(${JSON.stringify(new URL('../http/response.ts', import.meta.url).href)});
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/node_modules/@fastify/send/'));
      const server = new NodeServer({ app: new FakeApplication(() => new Response('app')), staticFiles: new StaticFiles(${JSON.stringify(publicDir)}, { refreshMs: 0 }) });
      const { port } = await server.listen();
      const app = await (await fetch('http://127.0.0.1:' + port + '/missing.txt')).text();
      const afterApp = loaded();
      const file = await (await fetch('http://127.0.0.1:' + port + '/digits.txt')).text();
      await server.close();
      process.stdout.write(JSON.stringify({ app, afterApp, file, afterFile: loaded() }));`;
    const child = spawnSync(process.execPath, [...typescriptImport, '--input-type=module', '-e', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('../..', import.meta.url)) });
    assert.equal(child.status, 0, child.stderr);
    assert.deepEqual(JSON.parse(child.stdout), { app: 'app', afterApp: false, file: '0123456789', afterFile: true });
  });
});
