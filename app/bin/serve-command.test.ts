import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutputWatch, watchProcess } from 'sluice/testing';
// Logs and profiles of the processes these tests start go to a directory of this run, not app/var.
const varDir = mkdtempSync(join(tmpdir(), 'sluice-console-var-'));
after(() => rmSync(varDir, { recursive: true, force: true }));

const console = new URL('./console', import.meta.url).pathname;
const watched = mkdtempSync(join(tmpdir(), 'sluice-serve-watch-'));
after(() => rmSync(watched, { recursive: true, force: true }));

/** A console process whose output (stdout and stderr together) is read as it comes. */
class Running {
  readonly process: ChildProcess;
  readonly #output: OutputWatch;
  readonly exited: Promise<number | null>;

  constructor(args: string[]) {
    // A database in memory: the served app never creates or changes app/var/data.db.
    this.process = spawn(console, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DATABASE_URL: 'sqlite::memory:', APP_VAR_DIR: varDir } });
    const watched = watchProcess(this.process);
    this.#output = watched.all;
    this.exited = watched.exited;
  }

  get output(): string {
    return this.#output.text;
  }

  /** Resolves once the output has matched `pattern` `times` times; returns the last match. */
  waitFor(pattern: RegExp, times = 1, timeoutMs = 20_000): Promise<RegExpMatchArray> {
    return this.#output.waitFor(pattern, times, timeoutMs);
  }
}

/** Whether nothing listens on 127.0.0.1:`port` (by listening there for a moment). */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

async function occupy(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

describe('app/bin/console serve', () => {
  it('takes the next free port, logs each request, restarts on a change and stops cleanly on Ctrl-C', async () => {
    const busy = await occupy();
    const serve = new Running(['serve', `--port=${busy.port}`, `--watch=${watched}`]);
    try {
      assert.match((await serve.waitFor(/ \[WARNING\] Port (\d+) is taken; using (\d+) instead\./))[1]!, new RegExp(`^${busy.port}$`));
      const url = (await serve.waitFor(/ \[OK\] Server listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
      assert.notEqual(new URL(url).port, String(busy.port));

      const response = await fetch(`${url}/bundles/app/images/events/missing.JPG`);
      assert.equal(response.status, 404);
      await serve.waitFor(/\[\d\d:\d\d:\d\d\] GET \/bundles\/app\/images\/events\/missing\.JPG 404 [\d.]+ ms\n/);

      writeFileSync(join(watched, 'changed.ts'), 'export {};\n');
      await serve.waitFor(/ Change detected in .*changed\.ts: restarting the server\.\.\./);
      const again = (await serve.waitFor(/ \[OK\] Server listening on (http:\/\/127\.0\.0\.1:\d+)/, 2))[1]!;
      assert.equal(again, url, 'the restarted server keeps its port');
      assert.equal((await fetch(`${again}/`)).status, 200);

      serve.process.kill('SIGINT');
      assert.equal(await serve.exited, 0);
      assert.ok(await isPortFree(Number(new URL(url).port)), 'the server child is gone');
    } finally {
      busy.server.close();
      serve.process.kill('SIGKILL');
    }
  });

  it('runs the legacy server:run after a deprecation notice, and stops on Ctrl-C', async () => {
    const probe = await occupy();
    probe.server.close();
    const legacy = new Running(['server:run', `127.0.0.1:${probe.port}`]);
    try {
      await legacy.waitFor(/ \[WARNING\] The "server:run" command is deprecated since Sluice 4\.4 and will be removed in 5\.0; use "serve" instead\./);
      const url = (await legacy.waitFor(/ \[OK\] Server listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
      assert.equal(url, `http://127.0.0.1:${probe.port}`);
      assert.equal((await fetch(`${url}/`)).status, 200);
      legacy.process.kill('SIGINT');
      assert.equal(await legacy.exited, 0);
    } finally {
      legacy.process.kill('SIGKILL');
    }
  });

  it('server:run fails with a one-line reason when the port it was given is taken', async () => {
    const busy = await occupy();
    try {
      const legacy = new Running(['server:run', String(busy.port)]);
      assert.equal(await legacy.exited, 1);
      assert.match(legacy.output, new RegExp(`error: Port ${busy.port} on 127\\.0\\.0\\.1 is already in use; choose another port\\.\\n$`));
    } finally {
      busy.server.close();
    }
  });
});
