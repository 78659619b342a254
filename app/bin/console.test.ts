import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
// Logs and profiles of the processes these tests start go to a directory of this run, not app/var.
const varDir = mkdtempSync(join(tmpdir(), 'sluice-console-var-'));
after(() => rmSync(varDir, { recursive: true, force: true }));

const execFileAsync = promisify(execFile);
// A database of its own per run, in memory: these tests never create or change app/var/data.db.
const run = (file: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}) =>
  execFileAsync(file, args, { ...options, env: { ...process.env, DATABASE_URL: 'sqlite::memory:', APP_VAR_DIR: varDir, ...options.env } });
const console = new URL('./console', import.meta.url).pathname;
const path = '/bundles/app/images/events/missing.JPG';
const referer = `http://127.0.0.1:8000${path}`;

describe('app/bin/console request', () => {
  it('prints the status line, the headers and every log entry of a 404 in dev', async () => {
    const { stdout } = await run(console, ['request', 'GET', path, '-H', `Referer: ${referer}`]);
    const [head, logs] = stdout.split('\n\n');
    const headLines = head!.split('\n');
    assert.equal(headLines[0], 'HTTP/1.1 404 Not Found');
    assert.ok(headLines.includes('Content-Type: text/html; charset=UTF-8'));
    const entries = logs!.trim().split('\n');
    assert.match(entries[0]!, /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] php\.INFO: User Deprecated: The "debug\/DebugClassLoader" class is deprecated since Sluice 4\.4/);
    assert.match(entries[1]!, /php\.INFO: User Deprecated: Using the WebserverBundle is deprecated since Sluice 4\.4\./);
    assert.match(entries[2]!, /event\.DEBUG: Notified event "kernel\.request" to listener "DebugHandlersListener::configure"\./);
    assert.ok(entries.some((line) => line.includes(`request.ERROR: Uncaught Exception NotFoundHttpException: "No route found for "GET ${path}" (from "${referer}")" at src/event-listener/router-listener.ts line `)));
  });

  it('prints one JSON object per entry with --format=jsonl, placeholders filled', async () => {
    const { stdout } = await run(console, ['request', 'GET', path, '-H', `Referer: ${referer}`, '--format=jsonl']);
    const [response, ...entries] = stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(response!.status, 404);
    assert.deepEqual(Object.keys(entries[0]!).sort(), ['channel', 'context', 'level', 'message', 'time']);
    assert.deepEqual(entries[0]!.context, { exception: {} });
    assert.match(String(entries[0]!.time), /^\d\d:\d\d:\d\d$/);
    const notified = entries.find((entry) => entry.channel === 'event')!;
    assert.equal(notified.message, 'Notified event "kernel.request" to listener "DebugHandlersListener::configure".');
    assert.deepEqual(notified.context, { event: 'kernel.request', listener: 'DebugHandlersListener::configure' });
  });

  it('leaves out "(from ...)" without a Referer', async () => {
    const { stdout } = await run(console, ['request', 'GET', path, '--format=jsonl']);
    assert.ok(stdout.includes(`No route found for \\"GET ${path}\\"\\" at src/event-listener/router-listener.ts line `));
  });

  it('runs the prod environment with --env=prod: no debug entries, no deprecations', async () => {
    const { stdout } = await run(console, ['request', 'GET', path, '--env=prod', '--format=jsonl', '--body']);
    const [response, ...entries] = stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { status: number; body: string; channel: string; level: string });
    assert.equal(response!.status, 404);
    assert.ok(response!.body.includes('<title>An Error Occurred: Not Found</title>'));
    assert.ok(!response!.body.includes('NotFoundHttpException: No route'), 'no internals in the page');
    assert.deepEqual(entries.map((e) => `${e.channel}.${e.level}`), ['request.ERROR']);
  });

  it('exits non-zero with a one-line reason for a bad option', async () => {
    await assert.rejects(run(console, ['request', 'GET', '/', '--format=xml']), (error: { code: number; stderr: string }) => {
      assert.equal(error.code, 1);
      assert.equal(error.stderr, 'error: Unknown format "xml": use text or jsonl.\n');
      return true;
    });
  });
});
