import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Response } from '../http/response.ts';
import { Request } from '../http/request.ts';
import type { Cookie } from '../http/cookie.ts';
import { ResponseEvent } from '../event/response-event.ts';
import { RequestEvent } from '../event/request-event.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import type { FrameworkConfigInput } from '../kernel/kernel-config.ts';
import { Session } from '../session/session.ts';
import { newSessionId } from '../session/session-id.ts';
import { MemorySessionStore } from '../session/memory-session-store.ts';
import { SpySessionStore } from '../session/test-support/spy-session-store.ts';
import { SessionListener, NO_AUTO_CACHE_CONTROL_HEADER } from './session-listener.ts';
import { Args } from '../decorators/args.ts';

class CartController {
  plainAction(): Response { return new Response('plain'); }
  @Args({ session: Session, request: Request })
  async writeAction(session: Session, request: Request): Promise<Response> {
    await session.set('value', request.query.get('value'));
    return new Response('written');
  }
  @Args({ session: Session })
  async readAction(session: Session): Promise<Response> { return new Response(String(await session.get('value', 'nothing'))); }
  @Args({ session: Session })
  async peekAction(session: Session): Promise<Response> { return new Response(String(await session.has('value'))); }
  @Args({ session: Session })
  async flashAction(session: Session): Promise<Response> {
    await session.flashes.add('notice', 'Event saved.');
    return new Response('flashed');
  }
  @Args({ session: Session })
  async noticesAction(session: Session): Promise<Response> { return new Response((await session.flashes.get('notice')).join('|')); }
  @Args({ session: Session })
  async loginAction(session: Session): Promise<Response> {
    await session.migrate(true);
    await session.set('user', 'ada');
    return new Response('in');
  }
  @Args({ session: Session })
  async logoutAction(session: Session): Promise<Response> {
    await session.invalidate();
    return new Response('out');
  }
  @Args({ session: Session })
  async cacheableAction(session: Session): Promise<Response> {
    await session.get('value');
    return new Response('cached?').setPublic().setMaxAge(600);
  }
  @Args({ session: Session })
  async optOutAction(session: Session): Promise<Response> {
    await session.get('value');
    return new Response('kept', 200, { [NO_AUTO_CACHE_CONTROL_HEADER]: '1' }).setPublic().setMaxAge(600);
  }
}

const actions = ['plain', 'write', 'read', 'peek', 'flash', 'notices', 'login', 'logout', 'cacheable', 'optOut'];

function app(config: FrameworkConfigInput = {}, now?: () => number): { kernel: TestKernel; store: SpySessionStore } {
  const kernel = new TestKernel({
    routes: actions.map((action) => ({ name: action, path: `/${action}`, controller: `CartController::${action}Action` })),
    controllers: { CartController: new CartController() },
    config,
  });
  kernel.boot();
  const store = new SpySessionStore(new MemorySessionStore(now === undefined ? {} : { now }));
  kernel.container.set('session.store', store);
  return { kernel, store };
}

function sessionCookie(response: Response, name = 'SLUICESESSID'): Cookie | undefined {
  return response.headers.getCookies().find((cookie) => cookie.name === name);
}

const withCookie = (path: string, id: string, headers: Record<string, string> = {}): Request => get(path, { cookie: `SLUICESESSID=${id}`, ...headers });

describe('SessionListener: lazy sessions', () => {
  it('sets no cookie and touches no store for a request that uses no session', async () => {
    const { kernel, store } = app();
    const response = await kernel.request(get('/plain'));
    assert.equal(sessionCookie(response), undefined);
    assert.deepEqual(store.calls, []);
    assert.equal(response.headers.get('Cache-Control'), 'no-cache, private');
  });

  it('does not even make a Session object for a request that never asks for one', async () => {
    const { kernel } = app();
    const request = get('/plain');
    await kernel.request(request);
    assert.equal(request.peekSession(), undefined);
    assert.equal(request.hasSession(), true);
  });

  it('does not look up the session a cookie names when the request does not use it', async () => {
    const { kernel, store } = app();
    const response = await kernel.request(withCookie('/plain', newSessionId()));
    assert.deepEqual(store.calls, []);
    assert.equal(sessionCookie(response), undefined);
  });

  it('stores a written session and sends its id in a session cookie: HttpOnly, SameSite=Lax, path /', async () => {
    const { kernel, store } = app();
    const response = await kernel.request(get('/write?value=42'));
    const cookie = sessionCookie(response)!;
    assert.match(cookie.value, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(String(cookie), `SLUICESESSID=${cookie.value}; Path=/; HttpOnly; SameSite=Lax`);
    assert.deepEqual(store.calls, [`write ${cookie.value}`]);
  });

  it('reads the session back on the next request with the cookie, without sending the cookie again', async () => {
    const { kernel } = app();
    const id = sessionCookie(await kernel.request(get('/write?value=42')))!.value;
    const response = await kernel.request(withCookie('/read', id));
    assert.equal(response.content, '42');
    assert.equal(sessionCookie(response), undefined);
  });

  it('marks the cookie Secure on https', async () => {
    const { kernel } = app();
    const response = await kernel.request(Request.create('https://localhost/write?value=1'));
    assert.equal(sessionCookie(response)!.options.secure, true);
  });

  it('marks the cookie Secure when a trusted proxy says the client used https', async () => {
    const { kernel } = app({ trustedProxies: ['10.0.0.0/8'] });
    const request = Request.create('http://localhost/write?value=1', 'GET', { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-proto': 'https' } });
    assert.equal(sessionCookie(await kernel.request(request))!.options.secure, true);
  });

  it('uses the configured cookie name, path and lifetime', async () => {
    const { kernel } = app({ session: { cookie: { name: 'EVENTS', path: '/app', lifetime: 3600 } } });
    const cookie = sessionCookie(await kernel.request(get('/write?value=1')), 'EVENTS')!;
    assert.match(String(cookie), /^EVENTS=[\w-]{43}; Max-Age=3600; Path=\/app; Expires=.+ GMT; HttpOnly; SameSite=Lax$/);
  });

  it('always marks a SameSite=None cookie Secure, as browsers require', async () => {
    const { kernel } = app({ session: { cookie: { sameSite: 'none' } } });
    assert.match(String(sessionCookie(await kernel.request(get('/write?value=1')))), /; Secure; SameSite=None$/);
  });

  it('refreshes a lasting cookie on every request that uses the session', async () => {
    const { kernel } = app({ session: { cookie: { lifetime: 3600 } } });
    const id = sessionCookie(await kernel.request(get('/write?value=1')))!.value;
    assert.equal(sessionCookie(await kernel.request(withCookie('/read', id)))?.value, id);
  });
});

describe('SessionListener: ids the client sends', () => {
  it('starts a fresh session with a new id for a forged id, never adopting it', async () => {
    const { kernel } = app();
    const forged = newSessionId();
    const response = await kernel.request(withCookie('/write?value=1', forged));
    const cookie = sessionCookie(response)!;
    assert.notEqual(cookie.value, forged);
    assert.equal((await kernel.request(withCookie('/read', forged))).content, 'nothing');
  });

  it('does not even look up a malformed id', async () => {
    const { kernel, store } = app();
    const response = await kernel.request(get('/read', { cookie: 'SLUICESESSID=../../etc/passwd' }));
    assert.equal(response.content, 'nothing');
    assert.deepEqual(store.calls, []);
  });

  it('clears the cookie of an unknown id once the session turns out empty', async () => {
    const { kernel } = app();
    const response = await kernel.request(withCookie('/peek', newSessionId()));
    assert.equal(response.content, 'false');
    assert.ok(sessionCookie(response)!.isCleared);
  });

  it('gives a session cookie of an expired session a fresh id, the old data out of sight', async () => {
    let clock = Date.now();
    const { kernel } = app({ session: { ttl: 0.05 } }, () => clock);
    const id = sessionCookie(await kernel.request(get('/write?value=secret')))!.value;
    clock += 120;
    const response = await kernel.request(withCookie('/write?value=new', id));
    assert.notEqual(sessionCookie(response)!.value, id);
    assert.equal((await kernel.request(withCookie('/read', id))).content, 'nothing');
  });

  it('changes the id at login, destroying the old session', async () => {
    const { kernel, store } = app();
    const before = sessionCookie(await kernel.request(get('/write?value=1')))!.value;
    const after = sessionCookie(await kernel.request(withCookie('/login', before)))!.value;
    assert.notEqual(after, before);
    assert.ok(store.calls.includes(`destroy ${before}`));
    assert.equal((await kernel.request(withCookie('/read', after))).content, '1');
    assert.equal((await kernel.request(withCookie('/read', before))).content, 'nothing');
  });

  it('clears the session and its cookie at logout', async () => {
    const { kernel } = app();
    const id = sessionCookie(await kernel.request(get('/login')))!.value;
    const response = await kernel.request(withCookie('/logout', id));
    assert.ok(sessionCookie(response)!.isCleared);
    assert.equal((await kernel.request(withCookie('/read', id))).content, 'nothing');
  });
});

describe('SessionListener: caching and flashes', () => {
  it('makes a response built while the session was used private, logging nothing about it (as the reference)', async () => {
    const { kernel } = app();
    const response = await kernel.request(get('/read'));
    assert.equal(response.headers.get('Cache-Control'), 'max-age=0, must-revalidate, private');
    assert.ok(Math.abs(response.getExpires()!.getTime() - Date.now()) < 2_000);
    assert.deepEqual(kernel.lines().filter((line) => line.includes('Session was used')), []);
  });

  it('reverts a cacheable response to private headers with a warning', async () => {
    const { kernel } = app();
    const response = await kernel.request(get('/cacheable'));
    assert.equal(response.headers.get('Cache-Control'), 'max-age=0, must-revalidate, private');
    assert.ok(kernel.lines().includes(
      'request.WARNING: Session was used while the response was declared cacheable ("max-age=600, public"). Revert to private caching headers: max-age=0, must-revalidate, private. Add the "Sluice-Session-NoAutoCacheControl" header to the response to keep its own.',
    ));
  });

  it('keeps the caching headers of a response that opts out, and never sends the opt-out header', async () => {
    const { kernel } = app();
    const response = await kernel.request(get('/optOut'));
    assert.equal(response.headers.get('Cache-Control'), 'max-age=600, public');
    assert.equal(response.headers.has(NO_AUTO_CACHE_CONTROL_HEADER), false);
  });

  it('removes the opt-out header even when no session was used', async () => {
    const { kernel } = app();
    kernel.dispatcher.addListener('kernel.response', (event: ResponseEvent) => void event.response.headers.set(NO_AUTO_CACHE_CONTROL_HEADER, '1'), 1);
    assert.equal((await kernel.request(get('/plain'))).headers.has(NO_AUTO_CACHE_CONTROL_HEADER), false);
  });

  it('keeps flash messages for the next request, which consumes them', async () => {
    const { kernel } = app();
    const id = sessionCookie(await kernel.request(get('/flash')))!.value;
    assert.equal((await kernel.request(withCookie('/notices', id))).content, 'Event saved.');
    assert.equal((await kernel.request(withCookie('/notices', id))).content, '');
  });

  it('gives the error page the session of the request that failed', async () => {
    const { kernel } = app();
    const id = sessionCookie(await kernel.request(get('/write?value=1')))!.value;
    const response = await kernel.request(withCookie('/missing', id));
    assert.equal(response.statusCode, 404);
    assert.equal(sessionCookie(response), undefined);
  });
});

describe('SessionListener on sub-requests', () => {
  const kernel: HttpKernelInterface = { handle: async () => new Response() };
  const listener = (store = new SpySessionStore()) =>
    new SessionListener({ store, ttl: 60, cookie: { name: 'S', lifetime: 0, path: '/', domain: undefined, secure: 'auto', httpOnly: true, sameSite: 'lax' } });

  it('keeps a session the request already has', () => {
    const given = { get: async () => 'given' };
    const request = Request.create('/');
    request.session = given;
    listener().onKernelRequest(new RequestEvent(kernel, request, RequestType.MAIN));
    assert.equal(request.session, given);
  });

  it('installs no session on a sub-request', () => {
    const request = Request.create('/');
    listener().onKernelRequest(new RequestEvent(kernel, request, RequestType.SUB));
    assert.equal(request.session, undefined);
  });

  it('neither saves nor rewrites headers for a sub-request response', async () => {
    const store = new SpySessionStore();
    const request = Request.create('/');
    request.session = new Session(store);
    await (request.session as Session).set('a', 1);
    const response = new Response('', 200, { [NO_AUTO_CACHE_CONTROL_HEADER]: '1' });
    await listener(store).onKernelResponse(new ResponseEvent(kernel, request, RequestType.SUB, response));
    assert.deepEqual(store.calls, []);
    assert.equal(response.headers.has(NO_AUTO_CACHE_CONTROL_HEADER), true);
  });
});
