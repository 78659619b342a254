import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { createKernel, projectDir } from './create-kernel.ts';
import { serveKernel, type RunningServer } from '../../src/server/serve-kernel.ts';
import type { TestHandler } from '../../src/log/test-handler.ts';
import { TestHandler as Collector } from '../../src/log/test-handler.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET over the socket: the path is sent exactly as written (no URL normalization). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('The events app over a real socket (dev)', () => {
  let running: RunningServer;
  let logs: TestHandler;

  before(async () => {
    const kernel = createKernel('dev', true);
    kernel.boot();
    logs = new Collector();
    kernel.container.get('logger').pushHandler(logs);
    running = await serveKernel(kernel, { port: 0 });
  });

  after(async () => {
    await running.stop();
  });

  it('answers a missing image with the 404 debug page whose Logs tab lists the request\'s entries', async () => {
    const path = '/bundles/app/images/events/missing.JPG';
    const answer = await rawGet(running.url, path, { Referer: `${running.url}${path}` });
    assert.equal(answer.status, 404);
    assert.match(String(answer.headers['content-type']), /^text\/html; charset=UTF-8/);
    const html = answer.body.toString();
    assert.ok(html.startsWith(`<!-- No route found for &quot;GET ${path}&quot; (from &quot;${running.url}${path}&quot;) (404 Not Found) -->`), html.slice(0, 200));
    const table = /<table class="logs">([\s\S]*?)<\/table>/.exec(html);
    assert.ok(table, 'the page has a Logs table');
    const rows = [...table[1]!.matchAll(/<tr class="(status-[a-z]+)" data-level="([A-Z]+)" data-channel="([a-z]+)">/g)].map((m) => `${m[3]}.${m[2]}`);
    assert.equal(rows[0], 'php.INFO');
    assert.equal(rows[1], 'php.INFO');
    assert.ok(rows.includes('request.ERROR'));
    assert.ok(rows.filter((row) => row === 'event.DEBUG').length >= 10);
  });

  it('serves an existing image with its bytes and writes no kernel log', async () => {
    const before = logs.records.length;
    const answer = await rawGet(running.url, '/bundles/app/images/events/opening.JPG');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'image/jpeg');
    const file = readFileSync(join(projectDir, 'src/app-bundle/Resources/public/images/events/opening.JPG'));
    assert.ok(answer.body.equals(file));
    assert.equal(logs.records.length, before);
  });

  it('never returns a file outside public/ for a path that climbs out', async () => {
    for (const path of ['/bundles/../../etc/passwd', '/bundles/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2f..%2fetc/passwd']) {
      const answer = await rawGet(running.url, path);
      assert.ok(!answer.body.toString().includes('root:x:0:0'), `${path} leaked /etc/passwd`);
      assert.ok([400, 404].includes(answer.status), `${path}: ${answer.status}`);
    }
  });

  it('answers a malformed percent-encoding with 400 and keeps serving', async () => {
    const answer = await rawGet(running.url, '/events/%E0%A4%A');
    assert.equal(answer.status, 400);
    assert.equal((await rawGet(running.url, '/')).status, 200);
  });
});
