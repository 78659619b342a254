import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FormLoginAuthenticator, LAST_ERROR, LAST_USERNAME } from './form-login-authenticator.ts';
import { SessionAuthenticator } from './session-authenticator.ts';
import { TokenStorage } from './token-storage.ts';
import { CsrfTokenManager } from '../csrf/csrf-token-manager.ts';
import { formLoginOptions } from '../../security-bundle/security-config.ts';
import { MemorySession } from '../test-support/memory-session.ts';
import { requestWithSession, securityFixture } from '../test-support/fixture.ts';
import type { Request } from '../../http/request.ts';
import type { TestHandler } from '../../log/test-handler.ts';
import { LoginThrottle } from './login-throttle.ts';
import { TooManyRequestsHttpException } from '../../exception/too-many-requests-http-exception.ts';

const csrf = new CsrfTokenManager('kernel-secret');

async function setup(): Promise<{ form: FormLoginAuthenticator; sessions: SessionAuthenticator; tokens: TokenStorage; logs: TestHandler }> {
  const { checker, provider, logger, logs } = await securityFixture();
  const sessions = new SessionAuthenticator(provider, 'main', logger);
  const tokens = new TokenStorage();
  return { form: new FormLoginAuthenticator({ checker, sessions, tokens, csrf, logger }, formLoginOptions({ defaultTargetPath: '/events' }), 'main'), sessions, tokens, logs };
}

async function loginPost(session: MemorySession, username: string, password: string, csrfToken?: string): Promise<Request> {
  const request = requestWithSession('/login', 'POST', session);
  request.form.set('_username', username);
  request.form.set('_password', password);
  request.form.set('_csrf_token', csrfToken ?? (await csrf.getToken(session, 'authenticate')));
  return request;
}

describe('FormLoginAuthenticator', () => {
  it('regenerates the session id, destroying the old one, on success', async () => {
    const { form } = await setup();
    const session = new MemorySession();
    const before = session.id;
    await form.handle(await loginPost(session, 'ada', 'ada-pass'));
    assert.deepEqual(session.migrations, [true]);
    assert.notEqual(session.id, before);
  });

  it('stores the login in the session, where the session authenticator finds it', async () => {
    const { form, sessions } = await setup();
    const session = new MemorySession();
    await form.handle(await loginPost(session, 'ada', 'ada-pass'));
    assert.equal((await sessions.authenticate(requestWithSession('/', 'GET', session)))?.user?.identifier, 'ada');
  });

  it('makes the login request itself authenticated', async () => {
    const { form, tokens } = await setup();
    const request = await loginPost(new MemorySession(), 'ada', 'ada-pass');
    await form.handle(request);
    assert.equal((tokens.get(request) as { user?: { identifier: string } }).user?.identifier, 'ada');
  });

  it('redirects to the default target after success', async () => {
    const { form, logs } = await setup();
    const response = await form.handle(await loginPost(new MemorySession(), 'ada', 'ada-pass'));
    assert.equal(response.headers.get('Location'), 'http://localhost/events');
    assert.ok(logs.messages.includes('User "ada" has been authenticated successfully.'));
  });

  it('redirects to the page that asked for the login, on this site only', async () => {
    const { form } = await setup();
    const session = new MemorySession({ '_security.main.target_path': 'http://evil.example/admin?x=1' });
    const response = await form.handle(await loginPost(session, 'ada', 'ada-pass'));
    assert.equal(response.headers.get('Location'), 'http://localhost/admin?x=1');
  });

  it('sends a wrong password back to the form with the error and the username', async () => {
    const { form, logs } = await setup();
    const session = new MemorySession();
    const response = await form.handle(await loginPost(session, 'ada', 'nope'));
    assert.equal(response.headers.get('Location'), 'http://localhost/login');
    assert.deepEqual([session.data.get(LAST_ERROR), session.data.get(LAST_USERNAME), session.data.get('_security_main')], ['Invalid credentials.', 'ada', undefined]);
    assert.ok(logs.hasRecordThatContains('Authentication request failed.', 'INFO'));
  });

  it('does not regenerate the session after a failure', async () => {
    const { form } = await setup();
    const session = new MemorySession();
    await form.handle(await loginPost(session, 'ada', 'nope'));
    assert.deepEqual(session.migrations, []);
  });

  it('refuses a login without a valid CSRF token, even with the right password', async () => {
    const { form } = await setup();
    const session = new MemorySession();
    await form.handle(await loginPost(session, 'ada', 'ada-pass', 'forged.token'));
    assert.deepEqual([session.data.get(LAST_ERROR), session.data.get('_security_main')], ['Invalid CSRF token.', undefined]);
  });

  it('says how to fix a login without a session', async () => {
    const { form } = await setup();
    const request = await loginPost(new MemorySession(), 'ada', 'ada-pass');
    request.session = undefined;
    await assert.rejects(form.handle(request), /Form login needs a session/);
  });

  it('starts authentication with a redirect to the form, remembering the page', async () => {
    const { form } = await setup();
    const session = new MemorySession();
    const response = await form.start(requestWithSession('/admin?page=2', 'GET', session));
    assert.deepEqual([response.statusCode, response.headers.get('Location')], [302, 'http://localhost/login']);
    assert.equal(session.data.get('_security.main.target_path'), 'http://localhost/admin?page=2');
  });

  it('does not remember a page that was posted to', async () => {
    const { form } = await setup();
    const session = new MemorySession();
    await form.start(requestWithSession('/admin', 'POST', session));
    assert.equal(session.data.get('_security.main.target_path'), undefined);
  });
});

describe('FormLoginAuthenticator with login throttling', () => {
  async function throttled(): Promise<FormLoginAuthenticator> {
    const { checker, provider, logger } = await securityFixture();
    const sessions = new SessionAuthenticator(provider, 'main', logger);
    return new FormLoginAuthenticator({ checker, sessions, tokens: new TokenStorage(), csrf, logger, throttle: new LoginThrottle() }, formLoginOptions({}), 'main');
  }

  it('refuses the sixth attempt within a minute for one username and IP with 429 and Retry-After, even with the right password', async () => {
    const form = await throttled();
    const session = new MemorySession();
    for (let i = 0; i < 5; i++) assert.equal((await form.handle(await loginPost(session, 'ada', 'wrong'))).headers.get('Location'), 'http://localhost/login');
    await assert.rejects(form.handle(await loginPost(session, 'Ada', 'ada-pass')), (error: unknown) => {
      assert.ok(error instanceof TooManyRequestsHttpException);
      const retryAfter = Number(error.headers['Retry-After']);
      assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      return true;
    });
    // another username from the same IP still has its own attempts
    assert.equal((await form.handle(await loginPost(session, 'bob', 'wrong'))).headers.get('Location'), 'http://localhost/login');
  });

  it('clears the count of a username and IP when its login succeeds', async () => {
    const form = await throttled();
    const session = new MemorySession();
    for (let i = 0; i < 4; i++) await form.handle(await loginPost(session, 'ada', 'wrong'));
    await form.handle(await loginPost(session, 'ada', 'ada-pass'));
    const fresh = new MemorySession();
    for (let i = 0; i < 5; i++) assert.equal((await form.handle(await loginPost(fresh, 'ada', 'wrong'))).headers.get('Location'), 'http://localhost/login');
  });
});
