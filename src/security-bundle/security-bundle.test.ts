import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestKernel } from '../kernel/test-support/test-kernel.ts';
import { MemorySession } from '../security/test-support/memory-session.ts';
import { basic } from '../security/test-support/fixture.ts';
import { browse, logIn, securedKernel } from './test-support/secured-kernel.ts';

describe('SecurityBundle with HTTP Basic', () => {
  const kernel = securedKernel({ httpBasic: { realm: 'Events' } });

  it('challenges an anonymous client with a 401 and WWW-Authenticate: Basic', async () => {
    const response = await kernel.request(browse('/admin'));
    assert.deepEqual([response.statusCode, response.headers.get('WWW-Authenticate')], [401, 'Basic realm="Events"']);
  });

  it('challenges again after wrong credentials', async () => {
    const response = await kernel.request(browse('/admin', undefined, 'GET', basic('ada', 'guess')));
    assert.equal(response.statusCode, 401);
    assert.ok(kernel.lines().includes('security.INFO: Authentication request failed.'));
  });

  it('refuses a user without the role with a 403 and the declaration in the message', async () => {
    const response = await kernel.request(browse('/admin', undefined, 'GET', basic('bob', 'bob-pass')));
    assert.equal(response.statusCode, 403);
    assert.ok(kernel.lines().some((line) => line.includes('AccessDeniedHttpException: "Access Denied by controller annotation @IsGranted("ROLE_ADMIN")"')));
  });

  it('lets a user with the role through', async () => {
    const response = await kernel.request(browse('/admin', undefined, 'GET', basic('ada', 'ada-pass')));
    assert.deepEqual([response.statusCode, response.content], [200, 'admin area']);
  });

  it('gives the controller the current user', async () => {
    const response = await kernel.request(browse('/profile', undefined, 'GET', basic('bob', 'bob-pass')));
    assert.equal(response.content, 'Hello bob');
  });

  it('adds no kernel.request listener', () => {
    const plain = new TestKernel();
    plain.boot();
    assert.deepEqual(kernel.dispatcher.getListeners('kernel.request').length, plain.dispatcher.getListeners('kernel.request').length);
  });

  it('registers IsGrantedListener once, though both bundles ask for it', () => {
    const names = kernel.dispatcher.getListeners('kernel.controller_arguments').map((l) => (typeof l === 'function' ? l.name : l[0].constructor.name));
    assert.deepEqual(names, ['ErrorListener', 'IsGrantedListener']);
  });
});

describe('SecurityBundle with form login', () => {
  const kernel = securedKernel({ formLogin: true, logout: true });

  it('redirects an anonymous client to the login form', async () => {
    const response = await kernel.request(browse('/admin', new MemorySession()));
    assert.deepEqual([response.statusCode, response.headers.get('Location')], [302, 'http://localhost/login']);
    assert.ok(kernel.lines().includes('security.DEBUG: Access denied, the user is not fully authenticated; redirecting to authentication entry point.'));
  });

  it('redirects a client without any session too', async () => {
    assert.equal((await kernel.request(browse('/admin'))).statusCode, 302);
  });

  it('still serves the application\'s own login page on GET', async () => {
    assert.equal((await kernel.request(browse('/login', new MemorySession()))).content, '<form method="post">...</form>');
  });

  it('logs in, regenerating the session id, and returns to the page asked for', async () => {
    const session = new MemorySession();
    await kernel.request(browse('/admin', session));
    const idBefore = session.id;
    const response = await logIn(kernel, session, 'ada', 'ada-pass');
    assert.deepEqual([response.statusCode, response.headers.get('Location')], [302, 'http://localhost/admin']);
    assert.deepEqual(session.migrations, [true]);
    assert.notEqual(session.id, idBefore);
    assert.ok(kernel.lines().includes('security.INFO: User "ada" has been authenticated successfully.'));
  });

  it('lets the logged-in user through on the next requests', async () => {
    const session = new MemorySession();
    await logIn(kernel, session, 'ada', 'ada-pass');
    assert.equal((await kernel.request(browse('/admin', session))).statusCode, 200);
  });

  it('refuses a logged-in user without the role with a 403', async () => {
    const session = new MemorySession();
    await logIn(kernel, session, 'bob', 'bob-pass');
    assert.equal((await kernel.request(browse('/admin', session))).statusCode, 403);
  });

  it('sends a wrong password back to the form, still anonymous', async () => {
    const session = new MemorySession();
    const response = await logIn(kernel, session, 'ada', 'wrong');
    assert.equal(response.headers.get('Location'), 'http://localhost/login');
    assert.equal((await kernel.request(browse('/admin', session))).statusCode, 302);
  });

  it('grants nothing to a session naming a user that does not exist', async () => {
    const forged = new MemorySession({ _security_main: { identifier: 'root', fingerprint: 'x' } });
    assert.equal((await kernel.request(browse('/admin', forged))).statusCode, 302);
  });

  it('grants nothing to a session whose login was tampered with', async () => {
    const session = new MemorySession();
    await logIn(kernel, session, 'bob', 'bob-pass');
    session.data.set('_security_main', { ...(session.data.get('_security_main') as object), identifier: 'ada' });
    assert.equal((await kernel.request(browse('/admin', session))).statusCode, 302);
  });

  it('logs out: the session is invalidated and the next request is anonymous', async () => {
    const session = new MemorySession();
    await logIn(kernel, session, 'ada', 'ada-pass');
    const response = await kernel.request(browse('/logout', session));
    assert.deepEqual([response.statusCode, response.headers.get('Location'), session.invalidations], [302, 'http://localhost/', 1]);
    assert.equal((await kernel.request(browse('/admin', session))).statusCode, 302);
  });
});
