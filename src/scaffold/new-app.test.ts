// The application `sluice new` writes, run against this repository's sources (its
// node_modules/sluice is a link here, so sluice/register runs the framework's TypeScript):
// its own test passes, and a controller and a subscriber made by its console work once
// declared in the bundle. The packed package is tried by new-app.e2e.test.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { newApp } from './new-app.ts';

const execFileAsync = promisify(execFile);
const repo = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'sluice-new-app-'));
const app = join(work, 'my-app');
after(() => rmSync(work, { recursive: true, force: true }));

/** Runs a command in the application, without the test runner's marks in its environment. */
async function inApp(command: string, args: string[]): Promise<string> {
  const { NODE_TEST_CONTEXT: _context, ...env } = process.env;
  try {
    return (await execFileAsync(command, args, { cwd: app, env })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`);
  }
}

describe('a new application on the repository\'s sources', () => {
  before(() => {
    newApp('my-app', { sluice: `file:${repo}`, typescript: '~6.0.3', nodeTypes: '^20.19.0' }, work);
    mkdirSync(join(app, 'node_modules'));
    symlinkSync(repo, join(app, 'node_modules', 'sluice'));
  });

  it('passes its own test through the public test client', async () => {
    const output = await inApp(process.execPath, ['--import', 'sluice/register', '--test', 'tests/home.test.ts']);
    // TAP ("# pass") where stdout is no terminal up to Node 22, the spec reporter ("ℹ pass") on Node 24.
    assert.match(output, /[#ℹ] pass 2\n[#ℹ] fail 0\n/);
  });

  it('serves a page made by make:controller and a header set by a subscriber from make:subscriber, once both are declared', async () => {
    await inApp(join(app, 'bin/console'), ['make:controller', 'Contact']);
    await inApp(join(app, 'bin/console'), ['make:subscriber', 'Audit']);
    const subscriber = join(app, 'src/event-subscriber/audit-subscriber.ts');
    writeFileSync(subscriber, readFileSync(subscriber, 'utf8').replace('// event.response is the response', "event.response.headers.set('X-Audit', 'seen');\n    // event.response is the response"));
    const bundle = join(app, 'src/my-app-bundle.ts');
    writeFileSync(bundle, readFileSync(bundle, 'utf8')
      .replace("import { HomeController } from './controller/home-controller.ts';", "$&\nimport { ContactController } from './controller/contact-controller.ts';\nimport { AuditSubscriber } from './event-subscriber/audit-subscriber.ts';")
      .replace('controllers: [HomeController]', 'controllers: [HomeController, ContactController]')
      .replace('subscribers: [new SecurityHeadersSubscriber()]', 'subscribers: [new SecurityHeadersSubscriber(), new AuditSubscriber()]'));
    const output = await inApp(join(app, 'bin/console'), ['request', 'GET', '/contact', '--body']);
    assert.match(output, /^HTTP\/1\.1 200 OK\n/);
    assert.match(output, /^X-Audit: seen$/m);
    assert.match(output, /<h1>Contact<\/h1>/);
  });
});
