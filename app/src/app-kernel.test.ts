import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { rawGet } from 'sluice/testing';
import { projectDir } from './create-kernel.ts';
import { testApp, type TestApp } from './test-support/app-test-kernel.ts';
import { serveKernel, type RunningServer } from 'sluice/server';
import { formatLine } from 'sluice';
import type { LogRecord } from 'sluice';

interface Row {
  className: string;
  level: string;
  time: string;
  channel: string;
  message: string;
  context: string;
}

const decode = (html: string): string => html.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The Logs tab's rows, read through its markup contract (DESIGN.md, src/error-handler/html/logs-table.ts). */
function logRows(html: string): Row[] {
  const table = /<table class="logs">([\s\S]*?)<\/table>/.exec(html);
  assert.ok(table, 'the page has a Logs table');
  const row = /<tr class="(status-[a-z]+)" data-level="([A-Z]+)" data-channel="([a-z]+)"><td class="log-level"><strong>([A-Z]+)<\/strong><time>([^<]*)<\/time><\/td><td class="log-channel">([^<]*)<\/td><td class="log-message">([^<]*)<\/td><td class="log-context">(?:<pre>([\s\S]*?)<\/pre>)?<\/td><\/tr>/g;
  const rows = [...table[1]!.matchAll(row)].map((m) => {
    assert.equal(m[2], m[4], 'data-level is the level shown');
    assert.equal(m[3], m[6], 'data-channel is the channel shown');
    return { className: m[1]!, level: m[2]!, time: m[5]!, channel: m[3]!, message: decode(m[7]!), context: decode(m[8] ?? '') };
  });
  assert.equal(rows.length, (table[1]!.match(/<tr class=/g) ?? []).length, 'every row has the contract\'s markup');
  return rows;
}

const pretty = (context: object): string => JSON.stringify(context, null, 4);

/** The rows of the source document's log, for a request of `path`, in order. */
function expectedRows(path: string, referer: string | undefined): Array<Omit<Row, 'time'>> {
  const notified = (event: string, listener: string): Omit<Row, 'time'> => ({
    className: 'status-normal', level: 'DEBUG', channel: 'event',
    message: `Notified event "${event}" to listener "${listener}".`, context: pretty({ event, listener }),
  });
  const firstPass = ['DebugHandlersListener::configure', 'ValidateRequestListener::onKernelRequest', 'SessionListener::onKernelRequest', 'LocaleListener::setDefaultLocale', 'RouterListener::onKernelRequest'];
  const deprecation = (message: string): Omit<Row, 'time'> => ({ className: 'status-warning', level: 'INFO', channel: 'php', message: `User Deprecated: ${message}`, context: pretty({ exception: {} }) });
  const from = referer === undefined ? '' : ` (from "${referer}")`;
  return [
    deprecation('The "debug/DebugClassLoader" class is deprecated since Sluice 4.4, use "error-handler/DebugClassLoader" instead.'),
    deprecation('Using the WebserverBundle is deprecated since Sluice 4.4. The new Sluice local server has more features, you can use it instead.'),
    ...firstPass.map((listener) => notified('kernel.request', listener)),
    // The file and line are where RouterListener throws; checked by pattern below.
    { className: 'status-error', level: 'ERROR', channel: 'request', message: `Uncaught Exception NotFoundHttpException: "No route found for "GET ${path}"${from}" at src/event-listener/router-listener.ts line <n>`, context: pretty({ exception: {} }) },
    ...[...firstPass, 'ResolveControllerNameSubscriber::resolveControllerName', 'LocaleListener::onKernelRequest'].map((listener) => notified('kernel.request', listener)),
    ...['RouterDataCollector', 'RequestDataCollector', 'ControllerListener', 'ParamConverterListener', 'HttpCacheListener', 'TemplateListener'].map((listener) => notified('kernel.controller', `${listener}::onKernelController`)),
    notified('kernel.controller_arguments', 'ErrorListener::onControllerArguments'),
    notified('kernel.controller_arguments', 'IsGrantedListener::onKernelControllerArguments'),
  ];
}

/** The rows with the error's line number replaced by `<n>`, once it is checked to be a number. */
function withoutLine(rows: Row[]): Array<Omit<Row, 'time'>> {
  return rows.map(({ time, ...row }) => {
    assert.match(time, /^\d\d:\d\d:\d\d$/, 'time as HH:MM:SS');
    return { ...row, message: row.message.replace(/ line \d+$/, ' line <n>') };
  });
}

/** The first of `lines` not found in `written` after the previous one, or undefined when all are there in order. */
function firstMissing(written: readonly string[], lines: readonly string[]): string | undefined {
  let at = 0;
  for (const line of lines) {
    at = written.indexOf(line, at);
    if (at === -1) return line;
    at++;
  }
  return undefined;
}

/** A missing image of this run: its name appears in no other request's log. */
const missingImage = (): string => `/bundles/app/images/events/missing-${process.pid}-${randomBytes(3).toString('hex')}.JPG`;

describe('The events app over a real socket (dev)', () => {
  let app: TestApp;
  let running: RunningServer;

  before(async () => {
    app = testApp('dev');
    running = await serveKernel(app.kernel, { port: 0 });
  });

  after(async () => {
    await running.stop();
    await app.close();
  });

  it('answers a missing image, with a Referer, with the 404 debug page whose Logs tab holds the source document\'s 23 rows', async () => {
    const path = missingImage();
    const referer = `${running.url}${path}`;
    const answer = await rawGet(running.url, path, { Referer: referer });
    await app.terminated(path);
    assert.equal(answer.status, 404);
    assert.match(String(answer.headers['content-type']), /^text\/html; charset=UTF-8/);
    const html = answer.body.toString();
    assert.ok(html.startsWith(`<!-- No route found for &quot;GET ${path}&quot; (from &quot;${referer}&quot;) (404 Not Found) -->`), html.slice(0, 200));
    const rows = logRows(html);
    assert.equal(rows.length, 23);
    const expected = expectedRows(path, referer);
    withoutLine(rows).forEach((row, i) => assert.deepEqual(row, expected[i], `row ${i + 1}`));
  });

  it('leaves " (from ...)" out of the message without a Referer', async () => {
    const path = missingImage();
    const answer = await rawGet(running.url, path);
    await app.terminated(path);
    assert.equal(answer.status, 404);
    const rows = logRows(answer.body.toString());
    assert.equal(rows.length, 23);
    assert.equal(rows[7]!.message.replace(/ line \d+$/, ''), `Uncaught Exception NotFoundHttpException: "No route found for "GET ${path}"" at src/event-listener/router-listener.ts`);
    const expected = expectedRows(path, undefined);
    withoutLine(rows).forEach((row, i) => assert.deepEqual(row, expected[i], `row ${i + 1}`));
  });

  it('writes the whole request to var/log/dev.log in the line format', async () => {
    // Every earlier test of this block waits for its requests' kernel.terminate, so what
    // is logged from here on is this request's.
    const path = missingImage();
    const since = app.logs.records.length;
    // Only what this request appends is read: a dev.log is never rotated, and one a
    // developer's server filled for a while may be past what a string can hold.
    const logFile = join(app.kernel.logDir, 'dev.log');
    const offset = existsSync(logFile) ? statSync(logFile).size : 0;
    await rawGet(running.url, path, { Referer: `${running.url}${path}` });
    await app.terminated(path);
    const records = app.logs.records.slice(since);
    const lines = records.map((record) => formatLine(record).replace(/\n$/, ''));
    // the reference's 51: 2 php, 5 kernel.request, the ERROR, the sub-request's 26, then
    // the main request's kernel.exception (4 + stopped), kernel.response (8),
    // kernel.finish_request (3) and kernel.terminate (1), and nothing else
    assert.equal(lines.length, 51, lines.join('\n'));
    assert.equal(lines.filter((line) => line.includes('removeCsp') || line.includes('LoggingLifecycle') || line.includes('Session was used')).length, 0);
    assert.match(lines[50]!, /event\.DEBUG: Notified event "kernel\.terminate" to listener "ProfilerListener::onKernelTerminate"/);
    assert.match(lines[0]!, /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] php\.INFO: User Deprecated: The "debug\/DebugClassLoader" class is deprecated since Sluice 4\.4/);
    const error = lines.find((line) => line.includes(path))!;
    assert.match(error, new RegExp(`\\] request\\.ERROR: Uncaught Exception NotFoundHttpException: "No route found for "GET ${path.replace(/\./g, '\\.')}" \\(from "[^"]+"\\)" at src/event-listener/router-listener\\.ts line \\d+ \\{"exception":"\\[object\\] \\(NotFoundHttpException\\(code: 0\\): `));
    // The file is written asynchronously: flushing the logger writes out what it holds.
    app.kernel.container.get('logger').flushSync();
    const written = readFrom(logFile, offset).split('\n');
    const missing = firstMissing(written, lines);
    assert.equal(missing, undefined, `dev.log holds, in order: ${missing}`);
    assert.equal(written.filter((line) => line.includes(path)).length, 1);
  });

  it('serves an existing image with its bytes, an ETag and a 304 on revalidation, and writes no kernel log', async () => {
    const before = app.logs.records.length;
    const answer = await rawGet(running.url, '/bundles/app/images/events/opening.JPG');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'image/jpeg');
    const file = readFileSync(join(projectDir, 'src/app-bundle/Resources/public/images/events/opening.JPG'));
    assert.ok(answer.body.equals(file));
    const etag = String(answer.headers.etag);
    assert.match(etag, /^(W\/)?"[^"]+"$/);
    const again = await rawGet(running.url, '/bundles/app/images/events/opening.JPG', { 'If-None-Match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    // Anything the static path logged late would come before the entries of a kernel request
    // sent after it: once that one has terminated, nothing from the image can still come.
    const barrier = missingImage();
    await rawGet(running.url, barrier);
    await app.terminated(barrier);
    const since = app.logs.records.slice(before);
    assert.ok(since.length > 0);
    assert.deepEqual(since.filter((record) => JSON.stringify(record.context).includes('opening.JPG') || record.message.includes('opening.JPG')), []);
  });

  it('serves the event pages and the home page through the kernel', async () => {
    const home = await rawGet(running.url, '/');
    assert.equal(home.status, 200);
    assert.match(home.body.toString(), /<a href="\/en\/events\/1">/);
    const event = await rawGet(running.url, '/fr/events/1');
    assert.equal(event.status, 200);
    assert.match(event.body.toString(), /<dt class="when-label">Quand<\/dt>/);
    const revalidated = await rawGet(running.url, '/fr/events/1', { 'If-None-Match': String(event.headers.etag) });
    assert.equal(revalidated.status, 304);
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

describe('The events app over a real socket (prod)', () => {
  let app: TestApp;
  let running: RunningServer;

  before(async () => {
    app = testApp('prod');
    running = await serveKernel(app.kernel, { port: 0 });
  });

  after(async () => {
    await running.stop();
    await app.close();
  });

  it('answers a missing image with the plain 404 page: no stack trace, no logs tab, nothing logged', async () => {
    const path = missingImage();
    const answer = await rawGet(running.url, path, { Referer: `${running.url}${path}` });
    assert.equal(answer.status, 404);
    const html = answer.body.toString();
    assert.match(html, /<title>An Error Occurred: Not Found<\/title>/);
    assert.ok(html.includes('The server returned a "404 Not Found".'));
    for (const internal of ['No route found', 'NotFoundHttpException', 'router-listener', '<table class="logs">', 'DebugHandlersListener', '.ts']) {
      assert.ok(!html.includes(internal), `the page shows no internals: ${internal}`);
    }
    // Entries are written asynchronously: once the request has terminated, flushing the
    // logger writes out whatever it would have written.
    await app.terminated(path);
    app.kernel.container.get('logger').flushSync();
    let written = '';
    try {
      written = readFileSync(join(app.kernel.logDir, 'prod.jsonl'), 'utf8');
    } catch {
      // no file: nothing was ever written
    }
    assert.ok(app.logs.records.some((record) => record.channel === 'request' && record.level === 'ERROR'), 'the error was logged, into the request\'s buffer');
    assert.ok(!written.includes(path), 'a 404 writes nothing to the prod log');
  });

  it('serves the event pages without debug', async () => {
    const event = await rawGet(running.url, '/en/events/2');
    assert.equal(event.status, 200);
    assert.match(event.body.toString(), /<h1>Jazz night<\/h1>/);
    assert.ok(!event.body.toString().includes('sluice-toolbar'));
    assert.equal((await rawGet(running.url, '/en/events/12345')).status, 404);
  });
});

/** The text of `file` from byte `offset` on. */
function readFrom(file: string, offset: number): string {
  const fd = openSync(file, 'r');
  try {
    const bytes = Buffer.alloc(Math.max(0, fstatSync(fd).size - offset));
    readSync(fd, bytes, 0, bytes.length, offset);
    return bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}
