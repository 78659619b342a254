// Form login with the session component's real sessions and cookies, as a browser sees it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Response } from '../http/response.ts';
import { Request } from '../http/request.ts';
import { browse, securedKernel } from './test-support/secured-kernel.ts';

const kernel = securedKernel({ formLogin: true, logout: true });

/** The SLUICESESSID value a response sets, or undefined. */
function sessionCookie(response: Response): string | undefined {
  const cookie = response.headers.getCookies().find((c) => c.name === 'SLUICESESSID');
  return cookie === undefined || cookie.isCleared ? undefined : cookie.value;
}

function withCookie(path: string, id: string | undefined, method = 'GET'): ReturnType<typeof browse> {
  return browse(path, undefined, method, id === undefined ? {} : { cookie: `SLUICESESSID=${id}` });
}

/** Opens the login page (starting a session), then posts the form with its token; gives both session ids. */
async function logIn(username: string, password: string): Promise<{ before: string; after: string | undefined; response: Response }> {
  const page = await kernel.request(withCookie('/csrf', undefined));
  const before = sessionCookie(page)!;
  const body = new URLSearchParams({ _username: username, _password: password, _csrf_token: String(page.content) }).toString();
  const post = Request.create('http://localhost/login', 'POST', { headers: { cookie: `SLUICESESSID=${before}`, 'content-type': 'application/x-www-form-urlencoded' }, body });
  const response = await kernel.request(post);
  return { before, after: sessionCookie(response), response };
}

describe('SecurityBundle with the session component', () => {
  it('gives the session a new id at login', async () => {
    const { before, after, response } = await logIn('ada', 'ada-pass');
    assert.equal(response.statusCode, 302);
    assert.ok(after !== undefined && after !== before);
  });

  it('recognises the user by the new session cookie', async () => {
    const { after } = await logIn('ada', 'ada-pass');
    assert.equal((await kernel.request(withCookie('/admin', after))).statusCode, 200);
  });

  it('grants nothing to the session id from before the login', async () => {
    const { before } = await logIn('ada', 'ada-pass');
    assert.equal((await kernel.request(withCookie('/admin', before))).statusCode, 302);
  });

  it('grants nothing to a forged session cookie', async () => {
    await logIn('ada', 'ada-pass');
    assert.equal((await kernel.request(withCookie('/admin', 'forged-session-id-0123456789abcdef'))).statusCode, 302);
  });

  it('refuses a login posted without the session that got the token', async () => {
    const page = await kernel.request(withCookie('/csrf', undefined));
    const post = withCookie('/login', undefined, 'POST');
    post.form.set('_username', 'ada');
    post.form.set('_password', 'ada-pass');
    post.form.set('_csrf_token', String(page.content));
    const after = sessionCookie(await kernel.request(post));
    assert.equal((await kernel.request(withCookie('/admin', after))).statusCode, 302);
  });

  it('ends the login at logout', async () => {
    const { after } = await logIn('ada', 'ada-pass');
    const logout = await kernel.request(withCookie('/logout', after));
    assert.equal(logout.statusCode, 302);
    assert.equal((await kernel.request(withCookie('/admin', after))).statusCode, 302);
  });
});
