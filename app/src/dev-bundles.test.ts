import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const execFileAsync = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const loader = join(root, 'scripts', 'register-typescript.mjs');
const console = join(root, 'app', 'bin', 'console');

// Loader hooks that write down every module the process loads, before it runs.
const recordingHooks = `
import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function load(url, context, next) { appendFileSync(file, url + '\\n'); return next(url, context); }
`;
const recorder = `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(recordingHooks)}), { data: { file: process.env.LOADS_FILE } });
`;

// Builds the app's kernel as `npm start` does, answers one request, and says what it saw.
const script = `
const { createKernel } = await import(${JSON.stringify(pathToFileURL(join(root, 'app/src/create-kernel.ts')).href)});
const { Request } = await import(${JSON.stringify(pathToFileURL(join(root, 'src/http/request.ts')).href)});
const { devBundles } = await import(${JSON.stringify(pathToFileURL(join(root, 'app/src/dev-bundles.ts')).href)});
const kernel = createKernel();
const response = await kernel.handle(Request.create('/no-such-page'));
let missing;
try { devBundles(); } catch (error) { missing = error.message; }
process.stdout.write(JSON.stringify({ status: response.statusCode, debug: kernel.debug, bundles: kernel.bundles.map((b) => b.constructor.name), missing }));
await kernel.shutdown();
`;

interface Run {
  status: number;
  debug: boolean;
  bundles: string[];
  missing?: string;
  loaded: string[];
}

describe('The dev bundles of the events app', () => {
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'sluice-dev-bundles-'));
    writeFileSync(join(dir, 'recorder.mjs'), recorder);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  // What the test process was started with, minus what each case decides.
  const { APP_ENV: _env, APP_DEBUG: _debug, ...inherited } = process.env;

  async function start(env: NodeJS.ProcessEnv): Promise<Run> {
    const loads = join(dir, `loads-${env.APP_ENV}.txt`);
    writeFileSync(loads, '');
    const { stdout } = await execFileAsync(process.execPath, ['--import', loader, '--import', join(dir, 'recorder.mjs'), '--input-type=module', '-e', script], {
      cwd: root,
      env: { ...inherited, DATABASE_URL: 'sqlite::memory:', APP_VAR_DIR: join(dir, 'var'), LOADS_FILE: loads, APP_LOG_FORMAT: 'file', ...env },
    });
    return { ...(JSON.parse(stdout) as Omit<Run, 'loaded'>), loaded: readFileSync(loads, 'utf8').split('\n').filter(Boolean) };
  }

  it('are never loaded by a production process, which still answers (the web profiler, its tracing, @opentelemetry)', async () => {
    const run = await start({ APP_ENV: 'prod' });
    assert.equal(run.status, 404);
    assert.equal(run.debug, false);
    assert.ok(run.loaded.some((url) => url.endsWith('/app/src/app-kernel.ts')), 'the recorder saw the app load');
    assert.deepEqual(run.loaded.filter((url) => /web-profiler-bundle|web-server-bundle|\/src\/profiler\/|\/src\/tracing\/|@opentelemetry/.test(url)), []);
    assert.ok(!run.bundles.includes('WebProfilerBundle'));
    assert.match(run.missing ?? '', /^The dev bundles \(web profiler, server:run\) are not loaded: this process started as a production one \(APP_ENV=prod\)/);
  });

  it('are loaded by a dev process, whose kernel registers the web profiler', async () => {
    const run = await start({ APP_ENV: 'dev' });
    assert.equal(run.status, 404);
    assert.equal(run.debug, true);
    assert.ok(run.bundles.includes('WebProfilerBundle') && run.bundles.includes('WebServerBundle'));
    assert.ok(run.loaded.some((url) => url.endsWith('/src/web-profiler-bundle/web-profiler-bundle.ts')));
    assert.equal(run.missing, undefined);
  });

  it('are loaded by a production process that turns debug on (APP_DEBUG=1)', async () => {
    const run = await start({ APP_ENV: 'prod', APP_DEBUG: '1' });
    assert.equal(run.debug, true);
    assert.ok(run.bundles.includes('WebProfilerBundle'));
  });

  it('are loaded by the console even when started with APP_ENV=prod, so --env=dev still works', async () => {
    const { stdout } = await execFileAsync(console, ['debug:router', '--env=dev'], { env: { ...process.env, APP_ENV: 'prod', DATABASE_URL: 'sqlite::memory:', APP_VAR_DIR: join(dir, 'var') } });
    assert.match(stdout, /_profiler/);
  });
});
