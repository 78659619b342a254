import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ServeSupervisor } from './serve-supervisor.ts';
import { OutputWatch } from '../testing/output-watch.ts';

const register = fileURLToPath(new URL('../../scripts/register-typescript.mjs', import.meta.url));
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'sluice-supervisor-')));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A server child as the supervisor expects one: listens on --port, says so over IPC, stops on SIGTERM. */
const child = `import { createServer } from 'node:http';
import { message } from './message.ts';
const port = Number(process.argv.find((arg) => arg.startsWith('--port='))!.slice(7));
const server = createServer((_req, res) => res.end(message));
server.listen(port, '127.0.0.1', () => process.send!({ type: 'listening', port: (server.address() as { port: number }).port }));
process.on('SIGTERM', () => { server.closeAllConnections(); server.close(() => process.exit(0)); });
`;

/** Saves as editors do: a temporary file renamed over the old one. */
function atomicSave(file: string, text: string): void {
  writeFileSync(`${file}.tmp-save`, text);
  renameSync(`${file}.tmp-save`, file);
}

describe('ServeSupervisor', () => {
  it('restarts on an atomic save, shows a compile error as one line and a 500 page, and restarts once it is fixed', async () => {
    writeFileSync(join(dir, 'server.ts'), child);
    writeFileSync(join(dir, 'message.ts'), "export const message = 'first';\n");
    const out = new OutputWatch();
    const err = new OutputWatch();
    const listening = new Ports();
    const supervisor = new ServeSupervisor({
      command: [process.execPath, '--import', register, join(dir, 'server.ts')], port: 0, watch: [dir], out, err, debounceMs: 50,
      onListening: (port) => listening.add(port),
    });
    const stopped = supervisor.run();
    try {
      const url = `http://127.0.0.1:${await listening.next()}/`;
      assert.equal(await (await fetch(url)).text(), 'first');

      atomicSave(join(dir, 'message.ts'), 'export const message = (;\n');
      const failure = await out.waitFor(/ \[ERROR\] The server cannot start: (.*)\n/);
      assert.match(failure[1]!, /message\.ts:1:\d+: Unexpected ";"$/);
      assert.ok(!out.text.includes('    at '), 'no stack trace');
      assert.equal(err.text, '', 'the dump Node printed is not passed on');
      const page = await fetch(url);
      assert.equal(page.status, 500);
      assert.match(await page.text(), /message\.ts:1:\d+: Unexpected &quot;;&quot;/);

      atomicSave(join(dir, 'message.ts'), "export const message = 'fixed';\n");
      assert.equal(`http://127.0.0.1:${await listening.next()}/`, url, 'the same port again');
      assert.equal(await (await fetch(url)).text(), 'fixed');
    } finally {
      supervisor.stop();
      await stopped;
    }
  });
});

/** The ports children reported, awaited one by one. */
class Ports {
  readonly #ports: number[] = [];
  #waiting: ((port: number) => void) | undefined;

  add(port: number): void {
    if (this.#waiting === undefined) this.#ports.push(port);
    else {
      const resolve = this.#waiting;
      this.#waiting = undefined;
      resolve(port);
    }
  }

  next(): Promise<number> {
    const port = this.#ports.shift();
    if (port !== undefined) return Promise.resolve(port);
    return new Promise((resolve) => (this.#waiting = resolve));
  }
}
