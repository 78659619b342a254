import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { lstatSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
// Logs and profiles of the processes these tests start go to a directory of this run, not app/var.
const varDir = mkdtempSync(join(tmpdir(), 'sluice-console-var-'));
after(() => rmSync(varDir, { recursive: true, force: true }));

const execFileAsync = promisify(execFile);
// A database of its own per run, in memory: these tests never create or change app/var/data.db.
const run = (file: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}) =>
  execFileAsync(file, args, { ...options, env: { ...process.env, DATABASE_URL: 'sqlite::memory:', APP_VAR_DIR: varDir, ...options.env } });
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
  // The listener table of DESIGN.md: exactly these, in this order, in the app's dev environment.
  const listenerTable: Record<string, string[]> = {
    'kernel.request': [
      '2048 DebugHandlersListener::configure',
      '256 ValidateRequestListener::onKernelRequest',
      '128 SessionListener::onKernelRequest',
      '100 LocaleListener::setDefaultLocale',
      '32 RouterListener::onKernelRequest',
      '24 ResolveControllerNameSubscriber::resolveControllerName',
      '16 LocaleListener::onKernelRequest',
    ],
    'kernel.controller': [
      '0 RouterDataCollector::onKernelController',
      '0 RequestDataCollector::onKernelController',
      '0 ControllerListener::onKernelController',
      '0 ParamConverterListener::onKernelController',
      '0 HttpCacheListener::onKernelController',
      '-128 TemplateListener::onKernelController',
    ],
    'kernel.controller_arguments': [
      '0 ErrorListener::onControllerArguments',
      '0 IsGrantedListener::onKernelControllerArguments',
    ],
  };

  for (const [event, expected] of Object.entries(listenerTable)) {
    it(`debug:event-dispatcher ${event} prints exactly the listeners of DESIGN.md's table, in order`, async () => {
      const { stdout } = await run(console, ['debug:event-dispatcher', event]);
      const rows = [...stdout.matchAll(/^ {2}#\d+ +(\S+) +(-?\d+)$/gm)].map((m) => `${m[2]} ${m[1]}`);
      assert.deepEqual(rows, expected);
      const { stdout: json } = await run(console, ['debug:event-dispatcher', event, '--format=json']);
      assert.deepEqual((JSON.parse(json) as { listener: string; priority: number }[]).map((l) => `${l.priority} ${l.listener}`), expected);
    });
  }

  it('debug:event-dispatcher kernel.request lists the same listeners in prod', async () => {
    const { stdout } = await run(console, ['debug:event-dispatcher', 'kernel.request', '--env=prod']);
    const rows = [...stdout.matchAll(/^ {2}#\d+ +(\S+) +(-?\d+)$/gm)].map((m) => `${m[2]} ${m[1]}`);
    assert.deepEqual(rows, listenerTable['kernel.request']);
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
    for (const command of ['debug:router', 'debug:event-dispatcher', 'router:match', 'request', 'assets:install', 'server:run', 'serve', 'app:setup']) {
      const { stdout } = await run(console, [command, '--help']);
      assert.match(stdout, new RegExp(`^Usage: console ${command}`), command);
    }
  });

  it('app:setup finds the SQLite database DATABASE_URL names created and seeded at boot, and adds nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-setup-'));
    try {
      const env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'events.db')}` };
      // SQLite is set up at boot already: the command finds the events there.
      assert.equal((await run(console, ['app:setup'], { env })).stdout, ' [OK] The events table exists and already holds events; nothing was added.\n');
      const db = new BetterSqlite3(join(dir, 'events.db'), { readonly: true });
      assert.deepEqual(db.prepare('SELECT id, title, image FROM app_event ORDER BY id').all(), [
        { id: 1, title: 'Opening night', image: 'opening.JPG' },
        { id: 2, title: 'Jazz night', image: 'jazz-night.JPG' },
        { id: 3, title: 'Photography workshop', image: 'workshop.JPG' },
      ]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('assets:install copies the bundle\'s images, or links them with --symlink', async () => {
    const target = mkdtempSync(join(tmpdir(), 'sluice-assets-'));
    try {
      const copied = await run(console, ['assets:install', target]);
      assert.match(copied.stdout, /^ {2}copied {2}AppBundle -> bundles\/app \(3 files\)$/m);
      assert.ok(lstatSync(join(target, 'bundles', 'app')).isDirectory() && !lstatSync(join(target, 'bundles', 'app')).isSymbolicLink());
      assert.deepEqual(readdirSync(join(target, 'bundles', 'app', 'images', 'events')).sort(), ['jazz-night.JPG', 'opening.JPG', 'workshop.JPG']);
      const linked = await run(console, ['assets:install', target, '--symlink']);
      assert.match(linked.stdout, /^ {2}linked {2}AppBundle -> bundles\/app \(3 files\)$/m);
      assert.ok(lstatSync(join(target, 'bundles', 'app')).isSymbolicLink());
      assert.equal(realpathSync(join(target, 'bundles', 'app')), realpathSync(new URL('../src/app-bundle/Resources/public', import.meta.url).pathname));
    } finally {
      rmSync(target, { recursive: true, force: true });
    }
  });

  it('exits non-zero with a one-line reason for an unknown command', async () => {
    const { code, stderr } = await fails(['debug:nothing']);
    assert.notEqual(code, 0);
    assert.equal(stderr.split('\n')[0], "error: unknown command 'debug:nothing'");
  });
});
