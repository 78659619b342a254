import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const console = new URL('./console', import.meta.url).pathname;

interface Failure {
  code: number;
  stdout: string;
  stderr: string;
}

async function fails(args: string[]): Promise<Failure> {
  try {
    await run(console, args);
  } catch (error) {
    return error as Failure;
  }
  throw new Error(`console ${args.join(' ')} did not fail`);
}

describe('app/bin/console commands of the events app', () => {
  it('debug:event-dispatcher kernel.request prints the kernel.request listeners with their priorities', async () => {
    const { stdout } = await run(console, ['debug:event-dispatcher', 'kernel.request']);
    const rows = [...stdout.matchAll(/^ {2}#\d+ +(\S+) +(-?\d+)$/gm)].map((m) => `${m[2]} ${m[1]}`);
    assert.deepEqual(rows.slice(0, 2), ['2048 DebugHandlersListener::configure', '256 ValidateRequestListener::onKernelRequest']);
    assert.ok(rows.includes('32 RouterListener::onKernelRequest'));
    assert.ok(rows.every((row) => !/Profiler|Collector/.test(row)), 'the profiler adds nothing to kernel.request');
  });

  it('debug:event-dispatcher kernel.controller starts with the two data collectors', async () => {
    const { stdout } = await run(console, ['debug:event-dispatcher', 'kernel.controller', '--format=json']);
    const listeners = (JSON.parse(stdout) as { listener: string; priority: number }[]).map((l) => `${l.priority} ${l.listener}`);
    assert.deepEqual(listeners.slice(0, 2), ['0 RouterDataCollector::onKernelController', '0 RequestDataCollector::onKernelController']);
  });

  it('router:match explains why no route matches a missing image, and exits with 1', async () => {
    const { code, stdout } = await fails(['router:match', '/bundles/app/images/events/x.JPG']);
    assert.equal(code, 1);
    assert.match(stdout, /app_home +\/ +no +Path "\/bundles\/app\/images\/events\/x\.JPG" does not match/);
    assert.match(stdout, / \[ERROR\] None of the routes match the path "\/bundles\/app\/images\/events\/x\.JPG"/);
  });

  it('debug:router lists the app\'s routes, the profiler\'s included in dev', async () => {
    const { stdout } = await run(console, ['debug:router', '--format=json']);
    const names = (JSON.parse(stdout) as { name: string }[]).map((r) => r.name);
    assert.ok(names.includes('app_home') && names.includes('_profiler'));
  });

  it('request --trace prints each listener call with its duration after the log entries', async () => {
    const { stdout } = await run(console, ['request', 'GET', '/bundles/app/images/events/missing.JPG', '--trace']);
    const trace = stdout.slice(stdout.indexOf('Listener calls, in call order:'));
    assert.match(trace, /\n +\d+\.\d{3} ms kernel\.request \(2048\) DebugHandlersListener::configure\n/);
    assert.match(trace, /\n +\d+\.\d{3} ms {3}\[sub\] kernel\.request \(16\) LocaleListener::onKernelRequest\n/);
    assert.match(trace, /ErrorListener::onKernelException {2}\(stopped propagation\)\n/);
    assert.match(trace, /\n +\d+\.\d{3} ms in \d+ listener calls\n$/);
  });

  it('request --trace refuses an environment without debug, with a one-line reason', async () => {
    const { code, stderr } = await fails(['request', 'GET', '/', '--env=prod', '--trace']);
    assert.equal(code, 1);
    assert.equal(stderr, 'error: --trace needs a debug kernel (the "prod" environment has no traceable dispatcher); use --env=dev.\n');
  });

  it('prints help for every command', async () => {
    for (const command of ['debug:router', 'debug:event-dispatcher', 'router:match', 'request', 'assets:install', 'server:run', 'serve']) {
      const { stdout } = await run(console, [command, '--help']);
      assert.match(stdout, new RegExp(`^Usage: console ${command}`), command);
    }
  });

  it('exits non-zero with a one-line reason for an unknown command', async () => {
    const { code, stderr } = await fails(['debug:nothing']);
    assert.notEqual(code, 0);
    assert.equal(stderr.split('\n')[0], "error: unknown command 'debug:nothing'");
  });
});
