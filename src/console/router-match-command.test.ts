import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import { registerRouterMatchCommand } from './router-match-command.ts';
import { BufferedIO, testProgram } from './test-support/buffered-io.ts';

const routes = [
  { name: 'home', path: '/', controller: 'X::home' },
  { name: 'event_show', path: '/{_locale}/events/{id}', controller: 'X::show', requirements: { _locale: 'en|fr', id: '\\d+' } },
  { name: 'event_create', path: '/events/new', controller: 'X::create', methods: ['POST'] },
  { name: 'admin', path: '/admin', controller: 'X::admin', host: 'admin.example.com' },
];

async function routerMatch(...args: string[]): Promise<BufferedIO> {
  const io = new BufferedIO();
  const kernel = new TestKernel({ routes });
  const program = testProgram();
  registerRouterMatchCommand(program, () => kernel, io);
  await program.parseAsync(['router:match', ...args], { from: 'user' });
  return io;
}

describe('router:match', () => {
  it('names the route that matches, and exits with 0', async () => {
    const io = await routerMatch('/en/events/42');
    assert.match(io.text, / \[OK\] Route "event_show" matches: Route matches!\n$/);
    assert.equal(io.code, 0);
  });

  it('explains why each route does not match, and exits with 1 when none does', async () => {
    const io = await routerMatch('/bundles/app/images/events/x.JPG');
    assert.match(io.text, /  1   home +\/ +no +Path "\/bundles\/app\/images\/events\/x\.JPG" does not match: "\/bundles\/app\/images\/events\/x\.JPG" is left over at the end/);
    assert.match(io.text, / \[ERROR\] None of the routes match the path "\/bundles\/app\/images\/events\/x\.JPG" \(GET http:\/\/localhost\)\n$/);
    assert.equal(io.code, 1);
  });

  it('tells a near miss by its reason: path, requirement, method, host', async () => {
    assert.match((await routerMatch('/en/event/1')).text, /event_show .* almost +Path "\/en\/event\/1" does not match: "event" should be "events"/);
    assert.match((await routerMatch('/de/events/1')).text, /almost +Requirement for "_locale" does not match \(en\|fr\)/);
    assert.match((await routerMatch('/events/new')).text, /almost +Method "GET" does not match any of the required methods \(POST\)/);
    assert.match((await routerMatch('/admin')).text, /almost +Host "localhost" does not match the requirement \("admin\.example\.com"\)/);
  });

  it('matches with the method, host and scheme given', async () => {
    assert.equal((await routerMatch('/events/new', '--method=POST')).code, 0);
    assert.equal((await routerMatch('/admin', '--host=admin.example.com')).code, 0);
  });

  it('prints JSON with --format=json', async () => {
    const data = JSON.parse((await routerMatch('/en/events/1', '--format=json')).text) as { matched: string; routes: { name: string; level: string }[] };
    assert.equal(data.matched, 'event_show');
    assert.deepEqual(data.routes.map((r) => r.level), ['none', 'match', 'none', 'none']);
  });

  it('refuses a path that does not start with a slash', async () => {
    await assert.rejects(routerMatch('events'), /The path must start with "\/": "events"\./);
  });
});
