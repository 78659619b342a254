import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import { registerDebugRouterCommand } from './debug-router-command.ts';
import { BufferedIO, testProgram } from './test-support/buffered-io.ts';

const routes = [
  { name: 'home', path: '/', controller: 'DefaultController::indexAction' },
  { name: 'event_create', path: '/events/new', controller: 'EventController::createAction', methods: ['POST', 'PUT'], schemes: 'https' },
  { name: 'admin', path: '/admin/{page}', controller: 'AdminController::indexAction', host: 'admin.example.com', requirements: { page: '\\d+' }, defaults: { page: 1 } },
];

async function debugRouter(...args: string[]): Promise<string> {
  const io = new BufferedIO();
  const program = testProgram();
  registerDebugRouterCommand(program, () => new TestKernel({ routes }), io);
  await program.parseAsync(['debug:router', ...args], { from: 'user' });
  return io.text;
}

describe('debug:router', () => {
  it('lists the routes in matching order with name, methods, scheme, host, path and controller', async () => {
    const lines = (await debugRouter()).split('\n');
    assert.match(lines[1]!, /^ {2}Name +Method +Scheme +Host +Path +Controller$/);
    assert.match(lines[3]!, /^ {2}home +ANY +ANY +ANY +\/ +DefaultController::indexAction$/);
    assert.match(lines[4]!, /^ {2}event_create +POST\|PUT +https +ANY +\/events\/new +EventController::createAction$/);
    assert.match(lines[5]!, /^ {2}admin +ANY +ANY +admin\.example\.com +\/admin\/\{page\} +AdminController::indexAction$/);
  });

  it('prints the routes as JSON with --format=json', async () => {
    const routesJson = JSON.parse(await debugRouter('--format=json')) as { name: string; methods: string[]; controller: string; requirements: Record<string, string> }[];
    assert.deepEqual(routesJson.map((r) => r.name), ['home', 'event_create', 'admin']);
    assert.deepEqual(routesJson[1]!.methods, ['POST', 'PUT']);
    assert.deepEqual(routesJson[2]!.requirements, { page: '\\d+' });
  });

  it('shows one route in detail', async () => {
    const text = await debugRouter('admin');
    assert.match(text, /Path Regex +\/\^\\\/admin/);
    assert.match(text, /Requirements +page: \\d\+/);
    assert.match(text, /Defaults +page: 1/);
  });

  it('fails with a one-line reason for an unknown route', async () => {
    await assert.rejects(debugRouter('nope'), { message: 'The route "nope" does not exist; run debug:router to list the routes.' });
  });
});
