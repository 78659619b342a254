import { test, describe, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { send } from './test-support/http-client.ts';
import { typescriptImport } from '../test-support/node-typescript.ts';

type Line = { listening?: number; pid?: number; critical?: string; stopped?: boolean };

/** The cluster of test-support/cluster-app.ts, run as a child process, and what it reported. */
class ClusterProcess {
  readonly child: ChildProcess;
  readonly lines: Line[] = [];
  #waiters: Array<() => void> = [];

  constructor() {
    const script = fileURLToPath(new URL('./test-support/cluster-app.ts', import.meta.url));
    this.child = spawn(process.execPath, [...typescriptImport, script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let buffered = '';
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      let newline;
      while ((newline = buffered.indexOf('\n')) !== -1) {
        this.lines.push(JSON.parse(buffered.slice(0, newline)) as Line);
        buffered = buffered.slice(newline + 1);
        for (const wake of this.#waiters.splice(0)) wake();
      }
    });
  }

  async until(condition: (lines: Line[]) => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!condition(this.lines)) {
      if (Date.now() > deadline || this.child.exitCode !== null) assert.fail(`the cluster never reported ${what}: ${JSON.stringify(this.lines)}`);
      await Promise.race([new Promise<void>((resolve) => this.#waiters.push(resolve)), sleep(100)]);
    }
  }

  listening(): Line[] {
    return this.lines.filter((line) => line.listening !== undefined);
  }

  get port(): number {
    return this.listening()[0]!.listening!;
  }
}

/** Pids answering `count` requests, each on its own connection. */
async function answeringPids(port: number, count: number): Promise<Set<string>> {
  const pids = new Set<string>();
  for (let i = 0; i < count; i++) pids.add((await send(port, '/')).body.toString());
  return pids;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let running: ClusterProcess | undefined;
afterEach(async () => {
  if (running?.child.exitCode === null) {
    running.child.kill('SIGKILL');
    await once(running.child, 'exit');
  }
  running = undefined;
});

describe('runCluster', () => {
  test('two workers answer on one port', async () => {
    const cluster = (running = new ClusterProcess());
    await cluster.until((lines) => lines.filter((line) => line.listening !== undefined).length === 2, 'two listening workers');
    const workers = new Set(cluster.listening().map((line) => String(line.pid)));
    assert.equal(new Set(cluster.listening().map((line) => line.listening)).size, 1);
    assert.deepEqual(await answeringPids(cluster.port, 6), workers);
  });

  test('a worker that dies is replaced', async () => {
    const cluster = (running = new ClusterProcess());
    await cluster.until((lines) => lines.filter((line) => line.listening !== undefined).length === 2, 'two listening workers');
    await assert.rejects(send(cluster.port, '/crash'));
    await cluster.until((lines) => lines.filter((line) => line.listening !== undefined).length === 3, 'a replacement worker');
    assert.equal(cluster.lines.filter((line) => line.critical !== undefined).length, 1);
    const alive = cluster.listening().map((line) => line.pid!).filter(isAlive).map(String);
    assert.equal(alive.length, 2);
    assert.deepEqual(await answeringPids(cluster.port, 6), new Set(alive));
  });

  test('SIGTERM lets an in-flight request finish, then every process exits', async () => {
    const cluster = (running = new ClusterProcess());
    await cluster.until((lines) => lines.filter((line) => line.listening !== undefined).length === 2, 'two listening workers');
    const slow = send(cluster.port, '/slow');
    await sleep(100);
    cluster.child.kill('SIGTERM');
    assert.equal((await slow).status, 200);
    const [code] = await once(cluster.child, 'exit');
    assert.equal(code, 0);
    assert.ok(cluster.lines.some((line) => line.stopped));
    for (const line of cluster.listening()) assert.equal(isAlive(line.pid!), false);
  });
});
