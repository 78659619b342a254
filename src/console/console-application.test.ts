import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runConsole } from './console-application.ts';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { Response } from '../http/response.ts';
import { BufferedIO } from './test-support/buffered-io.ts';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

const routes = [{ name: 'home', path: '/', controller: 'home::index' }];
const controllers = { home: { index: () => new Response('<html><body>home</body></html>') } };
const known = (env: string | undefined): Kernel => {
  if (env !== undefined && env !== 'test') throw new Error(`Unknown environment "${env}"; known: test.`);
  return new TestKernel({ routes, controllers });
};

/** Runs the console in process, keeping what it writes. */
async function consoleRun(...argv: string[]): Promise<Outcome> {
  const io = new BufferedIO();
  const code = await runConsole(argv, known, io);
  return { code, stdout: io.text, stderr: io.errorText };
}

/** One line naming the problem, a non-zero code, and no stack trace. */
function assertOneLineFailure(outcome: Outcome, pattern: RegExp): void {
  assert.notEqual(outcome.code, 0);
  assert.match(outcome.stderr, pattern);
  assert.equal(outcome.stderr.trimEnd().split('\n').length, 1, outcome.stderr);
  assert.ok(!/\n\s+at /.test(outcome.stderr), 'no stack trace');
}

describe('The console on bad input', () => {
  it('prints its help on stdout and exits 0 when run alone', async () => {
    const outcome = await consoleRun();
    assert.equal(outcome.code, 0);
    assert.match(outcome.stdout, /^Usage: console \[options\] \[command\]/);
    assert.match(outcome.stdout, /request/);
    assert.equal(outcome.stderr, '');
  });

  it('names an unknown environment in one line', async () => {
    assertOneLineFailure(await consoleRun('request', 'GET', '/', '--env=staging'), /^error: Unknown environment "staging"/);
  });

  it('refuses a method that is not an HTTP token', async () => {
    assertOneLineFailure(await consoleRun('request', 'GE T', '/'), /^error: Invalid method "GE T"/);
  });

  it('refuses a path that does not start with /', async () => {
    assertOneLineFailure(await consoleRun('request', 'GET', 'nope'), /^error: Invalid path "nope": the path must start with \//);
  });

  it('refuses an assets:install target that does not exist, and does not create it', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'sluice-console-'));
    try {
      const target = join(parent, 'nonexistent', 'dir');
      assertOneLineFailure(await consoleRun('assets:install', target), /^error: The target directory ".*nonexistent\/dir" does not exist\./);
      assert.equal(existsSync(join(parent, 'nonexistent')), false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('prints only JSON lines with --format=jsonl, the response first', async () => {
    const outcome = await consoleRun('request', 'GET', '/', '--format=jsonl');
    assert.equal(outcome.code, 0);
    const lines = outcome.stdout.trimEnd().split('\n');
    const objects = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(objects[0]!.status, 200);
    assert.equal((objects[0]!.headers as Record<string, string>)['Content-Type'], 'text/html; charset=UTF-8');
    assert.ok(objects.length > 1);
    for (const entry of objects.slice(1)) assert.deepEqual(Object.keys(entry).sort(), ['channel', 'context', 'level', 'message', 'time']);
  });
});
