// The way a new user starts, end to end: the package packed from a fresh build, `sluice new`
// run by npx from that tarball, then in the new application `npm install`, `npm test`,
// `npm start` answering / with the web debug toolbar, and a strict TypeScript file
// type-checked against the declarations the package ships. Several minutes: it runs when
// SLUICE_E2E=1 (`SLUICE_E2E=1 node scripts/run-tests.mjs new-app.e2e`), as .ci/run does after
// `npm test`. npm works from its cache first (--prefer-offline): the packages a new
// application needs are the ones this repository installed.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../testing/free-port.ts';

const execFileAsync = promisify(execFile);
const skip = process.env.SLUICE_E2E === '1' ? false : 'slow (packs, installs and starts an application): set SLUICE_E2E=1 to run it';
const repo = new URL('../../', import.meta.url).pathname;
const npmFlags = ['--prefer-offline', '--no-audit', '--no-fund'];

/**
 * The environment of the application's commands: this process's, less what marks a test
 * run (node:test's NODE_TEST_CONTEXT would make the application's own `node --test`
 * report to this runner instead of printing its results).
 */
function appEnv(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { NODE_TEST_CONTEXT: _context, SLUICE_TEST: _test, ...rest } = process.env;
  return { ...rest, ...env };
}

/** A command's output; its failure message carries both streams, so a failing step says why. */
async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, { cwd, env: appEnv(env), maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`);
  }
}

describe('a new application made from the packed framework', { skip }, () => {
  let work: string;
  let app: string;

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'sluice-e2e-'));
    // The package's own files, built and packed here, so the repository's dist/ is left alone.
    const stage = join(work, 'stage');
    mkdirSync(stage);
    for (const entry of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'src', 'scripts', 'bin']) cpSync(join(repo, entry), join(stage, entry), { recursive: true });
    symlinkSync(join(repo, 'node_modules'), join(stage, 'node_modules'));
    await run('npm', ['pack', '--pack-destination', work, ...npmFlags], stage);
    const tarball = join(work, readdirSync(work).find((name) => name.endsWith('.tgz'))!);
    const made = await run('npx', ['--yes', `--package=${tarball}`, ...npmFlags, 'sluice', 'new', 'my-app'], work);
    assert.match(made, /\[OK\] Wrote \d+ files into my-app\//);
    app = join(work, 'my-app');
    const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    assert.deepEqual(pkg.dependencies, { sluice: `file:${tarball}` }, 'the application depends on the tarball npx ran');
    await run('npm', ['install', ...npmFlags], app);
  });
  after(() => {
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
  });

  it('passes its own npm test', async () => {
    const output = await run('npm', ['test'], app);
    // TAP ("# pass") where stdout is no terminal up to Node 22, the spec reporter ("ℹ pass") on Node 24.
    assert.match(output, /[#ℹ] pass 2\n[#ℹ] fail 0\n/);
  });

  it('serves / with the web debug toolbar under npm start, on the PORT given', async () => {
    const port = await freePort();
    // Its own process group, so that npm, its shell and the server stop together.
    const server = spawn('npm', ['start'], { cwd: app, env: appEnv({ PORT: String(port) }), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const listening = new Promise<void>((resolve, reject) => {
      const seen = (chunk: Buffer): void => {
        output += chunk.toString();
        if (output.includes(`listening on http://127.0.0.1:${port}`)) resolve();
      };
      server.stdout!.on('data', seen);
      server.stderr!.on('data', seen);
      server.once('exit', (code) => reject(new Error(`npm start exited (${code}) before listening:\n${output}`)));
    });
    try {
      await listening;
      const response = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.match(html, /<h1>Welcome to MyApp<\/h1>/);
      assert.match(html, /<div id="sluice-toolbar" role="region" aria-label="Sluice debug toolbar"/);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', 'the subscriber ran');
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid!, 'SIGTERM');
      await exited;
    }
  });

  it('type-checks a strict TypeScript file importing sluice and sluice/testing against the shipped declarations', async () => {
    const dir = join(app, 'strict-check');
    mkdirSync(dir);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      extends: '../tsconfig.json',
      compilerOptions: { strict: true, noUncheckedIndexedAccess: true },
      include: ['.'],
    }));
    writeFileSync(join(dir, 'uses-the-api.ts'), `import { Bundle, FrameworkBundle, Kernel, KernelEvents, Response, type BundleConfiguration, type EventSubscriber, type ResponseEvent, type SubscribedEvents } from 'sluice';
import { createClient, type TestResponse } from 'sluice/testing';

class Stamp implements EventSubscriber {
  getSubscribedEvents(): SubscribedEvents<Stamp> {
    return { [KernelEvents.RESPONSE]: 'onResponse' };
  }

  onResponse(event: ResponseEvent): void {
    event.response.headers.set('X-Checked', 'yes');
  }
}

class StrictBundle extends Bundle {
  override configure(): BundleConfiguration {
    return { subscribers: [new Stamp()] };
  }
}

class StrictKernel extends Kernel {
  registerBundles(): Bundle[] {
    return [new FrameworkBundle(), new StrictBundle()];
  }
}

const kernel = new StrictKernel({ environment: 'test', debug: false, projectDir: process.cwd() });
const response: TestResponse = await createClient(kernel).get('/', { headers: { Accept: 'text/html' } });
const status: number = response.status;
const checked: string | undefined = response.header('X-Checked');
const made: Response = new Response('ok', 201);
export { status, checked, made };
`);
    await run(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', dir], app);
    // and the check checks: a wrong type there is an error
    writeFileSync(join(dir, 'wrong.ts'), `import { Request } from 'sluice';\nconst status: string = Request.create('/').pathInfo.length;\nexport { status };\n`);
    await assert.rejects(run(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), '-p', dir], app), /wrong\.ts\(2,7\): error TS2322/);
  });
});
