import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const console = new URL('./console', import.meta.url).pathname;
const home = new URL('../src/app-bundle/controller/home-controller.ts', import.meta.url);

/** The console's failure (these runs must fail: a passing one would write into the application). */
async function fails(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    await execFileAsync(console, args, { env: { ...process.env, DATABASE_URL: 'sqlite::memory:' } });
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
  throw new Error(`console ${args.join(' ')} did not fail`);
}

// What the makers write is tested in src/maker-bundle/makers.test.ts, in a directory of its own.
describe('the makers in the events app', () => {
  it('make:controller writes into AppBundle, and refuses to overwrite its HomeController', async () => {
    const before = readFileSync(home, 'utf8');
    const { code, stdout, stderr } = await fails(['make:controller', 'Home']);
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.equal(stderr, 'error: src/app-bundle/controller/home-controller.ts already exists: nothing was written (choose another name, or edit that file).\n');
    assert.equal(readFileSync(home, 'utf8'), before);
  });

  it('make:subscriber refuses a name that is not a class name, in one line', async () => {
    const { code, stderr } = await fails(['make:subscriber', 'audit-log']);
    assert.equal(code, 1);
    assert.equal(stderr, 'error: "audit-log" is not a valid class name: use letters and digits in PascalCase, starting with a capital letter (e.g. "BlogPost").\n');
  });

  it('exists only in dev', async () => {
    const { stderr } = await fails(['make:controller', 'Blog', '--env=prod']);
    assert.equal(stderr.split('\n')[0], "error: unknown command 'make:controller'");
  });
});
