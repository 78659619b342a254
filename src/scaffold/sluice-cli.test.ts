import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const bin = new URL('../../bin/sluice.mjs', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'sluice-cli-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Runs `sluice` with plain node from the repository, in `work`. */
async function sluice(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [bin, ...args], { cwd: work });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('the sluice command', () => {
  it('writes a new application with the shape of the events app, and says what to run next', async () => {
    const { code, stdout } = await sluice('new', 'shop-front', '--sluice=./sluice-4.4.0.tgz');
    assert.equal(code, 0);
    assert.match(stdout, /^ \[OK\] Wrote 15 files into shop-front\/\. Next:\n\n {2}cd shop-front\n {2}npm install && npm start\n {2}npm test\n$/);
    const app = join(work, 'shop-front');
    for (const file of ['src/kernel.ts', 'src/shop-front-bundle.ts', 'src/controller/home-controller.ts', 'src/event-subscriber/security-headers-subscriber.ts', 'templates/home/index.html.twig', 'tests/home.test.ts', 'bin/console', 'README.md', 'tsconfig.json']) {
      assert.ok(existsSync(join(app, file)), file);
    }
    assert.match(readFileSync(join(app, 'src/shop-front-bundle.ts'), 'utf8'), /export class ShopFrontBundle extends Bundle/);
    assert.ok((statSync(join(app, 'bin/console')).mode & 0o111) !== 0, 'bin/console is executable');
    const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; scripts: Record<string, string> };
    assert.deepEqual(pkg.dependencies, { sluice: `file:${join(work, 'sluice-4.4.0.tgz')}` }, 'a relative tarball path becomes absolute');
    assert.equal(pkg.scripts.start, 'node --import sluice/register bin/serve.ts');
    const readme = readFileSync(join(app, 'README.md'), 'utf8');
    assert.ok(readme.includes('npm install && npm start') && readme.includes('npm test'));
    const tsconfig = JSON.parse(readFileSync(join(app, 'tsconfig.json'), 'utf8')) as { compilerOptions: { strict: boolean } };
    assert.equal(tsconfig.compilerOptions.strict, true);
  });

  it('depends on the registry release of its own version when run from the repository', async () => {
    assert.equal((await sluice('new', 'from-registry')).code, 0);
    const pkg = JSON.parse(readFileSync(join(work, 'from-registry', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    assert.deepEqual(pkg.dependencies, { sluice: '^4.4.0' });
  });

  it('refuses an existing directory with one line, writing nothing into it', async () => {
    mkdirSync(join(work, 'taken'));
    const { code, stdout, stderr } = await sluice('new', 'taken');
    assert.equal(code, 1);
    assert.equal(stdout, '');
    assert.equal(stderr, 'error: "taken" already exists: choose a new directory for the application.\n');
    assert.deepEqual(readdirSync(join(work, 'taken')), []);
  });

  for (const name of ['My-App', '1st-app', 'my app', 'my--app', 'app-']) {
    it(`refuses the name "${name}" with one line, writing nothing`, async () => {
      const { code, stderr } = await sluice('new', name);
      assert.equal(code, 1);
      assert.equal(stderr, `error: "${name}" is not a valid application name: use lowercase letters, digits and single dashes, starting with a letter (e.g. "my-app").\n`);
      assert.ok(!existsSync(join(work, name)));
    });
  }

  it('refuses an unknown subcommand with one line', async () => {
    const { code, stderr } = await sluice('create', 'x');
    assert.equal(code, 1);
    assert.equal(stderr.split('\n')[0], "error: unknown command 'create'");
    assert.ok(!existsSync(join(work, 'x')));
  });
});
