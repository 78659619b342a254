import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// @ts-expect-error: a plain .mjs module without type declarations
import { build } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the project, so compiled modules find node_modules as the sources do.
const outDir = join(root, 'var', `build-test-${process.pid}`);

/** Runs a compiled module with plain node: no TypeScript loader (and, unless asked, no source maps applied by Node). */
function runCompiled(args: string[], sourceMaps = false): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [...(sourceMaps ? ['--enable-source-maps'] : []), ...args], { cwd: root, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run build', () => {
  before(async () => {
    const count = (await (build as (dir: string) => Promise<number>)(outDir)) as number;
    assert.ok(count > 100);
  });
  after(() => rmSync(outDir, { recursive: true, force: true }));

  it('compiles every module of src/, app/ and bench/ to one .js file beside its source map, and no test', () => {
    assert.ok(existsSync(join(outDir, 'src', 'kernel', 'http-kernel.js')));
    assert.ok(existsSync(join(outDir, 'src', 'kernel', 'http-kernel.js.map')));
    assert.ok(existsSync(join(outDir, 'app', 'bin', 'serve.js')));
    assert.ok(existsSync(join(outDir, 'bench', 'servers', 'fastify.js')));
    assert.equal(existsSync(join(outDir, 'src', 'kernel', 'http-kernel.test.js')), false);
  });

  it('imports the compiled .js modules, keeps names as written and never wraps functions in __name()', () => {
    const code = readFileSync(join(outDir, 'src', 'event', 'request-event.js'), 'utf8');
    assert.match(code, /from "\.\/kernel-event\.js"/);
    assert.doesNotMatch(code, /\.ts"/);
    assert.match(code, /class RequestEvent extends KernelEvent/);
    assert.doesNotMatch(code, /__name\(/);
  });

  it('rewrites imports and import.meta.url only where they are code, not inside strings', async () => {
    const code = readFileSync(join(outDir, 'src', 'scaffold', 'app-files.js'), 'utf8');
    assert.match(code, /^import \{ actionTemplate, controllerSource \} from "\.\/code-templates\.js";$/m);
    // the sources `sluice new` writes, kept as TypeScript imports them
    assert.ok(code.includes("import { createKernel } from '../src/kernel.ts';"));
    assert.ok(code.includes("export const projectDir = join(dirname(fileURLToPath(import.meta.url)), '..');"));
    assert.doesNotMatch(code, /__sourceUrl__/);
  });

  it('keeps import.meta.url the address of the .ts source, so files beside the sources are found', async () => {
    const module = (await import(pathToFileURL(join(outDir, 'app', 'src', 'create-kernel.js')).href)) as { projectDir: string };
    assert.equal(module.projectDir, join(root, 'app'));
  });

  it('answers the source document\'s request from the compiled console, with the same log as under the loader', () => {
    const args = ['request', 'GET', '/bundles/app/images/events/x.JPG', '-H', 'Referer: http://127.0.0.1:8000/', '--env=prod'];
    const compiled = runCompiled([join(outDir, 'app', 'bin', 'console.js'), ...args]);
    assert.equal(compiled.status, 0, compiled.stderr);
    assert.match(compiled.stdout, /404 Not Found/);
    assert.match(compiled.stdout, /No route found for "GET \/bundles\/app\/images\/events\/x\.JPG" \(from "http:\/\/127\.0\.0\.1:8000\/"\)/);
    const loaded = spawnSync(join(root, 'app', 'bin', 'console'), args, { cwd: root, encoding: 'utf8' });
    // times and the request's random id differ from one run to the other
    const withoutTimes = (text: string) => text.replace(/\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?/g, '<time>').replace(/X-Request-Id: [0-9a-f-]{36}/g, 'X-Request-Id: <id>');
    assert.equal(withoutTimes(compiled.stdout), withoutTimes(loaded.stdout));
  });

  it('locates the dev 404 at the same .ts file and line as under the loader, without --enable-source-maps', () => {
    const args = ['request', 'GET', '/bundles/app/images/events/x.JPG', '-H', 'Referer: http://127.0.0.1:8000/', '--env=dev'];
    const errorLines = (text: string) => text.split('\n').filter((line) => line.includes('request.ERROR')).map((line) => line.replace(/^\S+ \S+ /, ''));
    const compiled = errorLines(runCompiled([join(outDir, 'app', 'bin', 'console.js'), ...args]).stdout);
    const loaded = errorLines(spawnSync(join(root, 'app', 'bin', 'console'), args, { cwd: root, encoding: 'utf8' }).stdout);
    assert.equal(compiled.length, 1);
    assert.match(compiled[0]!, /at src\/event-listener\/router-listener\.ts line \d+/);
    assert.deepEqual(compiled, loaded);
  });

  it('names the .ts file and line in a stack trace of compiled code run with --enable-source-maps', () => {
    const probe = `import { KernelEvent } from ${JSON.stringify(pathToFileURL(join(outDir, 'src', 'event', 'kernel-event.js')).href)};
      try { KernelEvent.prototype.isMainRequest.call(null); } catch (error) { console.log(error.stack); }`;
    const result = runCompiled(['--input-type=module', '-e', probe], true);
    assert.equal(result.status, 0, result.stderr);
    const source = readFileSync(join(root, 'src', 'event', 'kernel-event.ts'), 'utf8').split('\n');
    const line = source.findIndex((text) => text.includes('return this.requestType')) + 1;
    assert.match(result.stdout, new RegExp(`src/event/kernel-event\\.ts:${line}:`));
  });

  it('serves the application in prod from the compiled code', async () => {
    const server = spawn(process.execPath, [join(outDir, 'app', 'bin', 'serve.js')], {
      cwd: root,
      env: { ...process.env, APP_ENV: 'prod', PORT: '0', APP_SECRET: 'build-test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
      });
      const missing = await fetch(`${url}/bundles/app/images/events/x.JPG`, { headers: { referer: `${url}/` } });
      assert.equal(missing.status, 404);
      assert.match(await missing.text(), /The server returned a "404 Not Found"\./);
      const home = await fetch(`${url}/`);
      assert.equal(home.status, 200);
      assert.match(home.headers.get('content-type') ?? '', /text\/html/);
    } finally {
      server.kill('SIGTERM');
    }
  });
});
