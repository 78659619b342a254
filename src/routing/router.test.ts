import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ReferenceType } from './reference-type.ts';
import { RequestContext } from './request-context.ts';
import { RouteCollection } from './route-collection.ts';
import { Route } from './route.ts';
import { Router } from './router.ts';

function appRoutes(): RouteCollection {
  return new RouteCollection()
    .add('show', new Route('/events/{id<\\d+>}', { defaults: { _controller: 'App\\Controller\\DefaultController::show' } }))
    .add('beta', new Route('/beta', { condition: (_context, request) => (request as { beta?: boolean } | undefined)?.beta === true }));
}

describe('Router', () => {
  it('matches with the default context or the one given', () => {
    const router = new Router(appRoutes());
    assert.deepEqual(router.match('/events/42'), { _route: 'show', _controller: 'App\\Controller\\DefaultController::show', id: '42' });
    assert.equal(router.match('/events/42', new RequestContext({ method: 'HEAD' }))._route, 'show');
  });

  it('passes the request to route conditions through matchRequest()', () => {
    const router = new Router(appRoutes());
    assert.equal(router.lookup('/beta'), undefined);
    assert.equal(router.matchRequest('/beta', new RequestContext(), { beta: true })._route, 'beta');
  });

  it('redirects trailing slashes when given a redirect controller', () => {
    const router = new Router(appRoutes(), { redirectController: 'redirect' });
    assert.equal(router.match('/events/42/')._controller, 'redirect');
  });

  it('loads the routes once, on first use', () => {
    let loads = 0;
    const router = new Router(() => (loads++, appRoutes()));
    assert.equal(loads, 0);
    router.match('/events/1');
    router.generate('show', { id: 1 });
    router.getRouteCollection();
    assert.equal(loads, 1);
  });

  it('generates URLs with the default context or the one given', () => {
    const router = new Router(appRoutes(), { context: new RequestContext({ host: 'example.com' }) });
    assert.equal(router.generate('show', { id: 1 }, ReferenceType.ABSOLUTE_URL), 'http://example.com/events/1');
    router.setContext(new RequestContext({ host: 'other.example' }));
    assert.equal(router.getContext().host, 'other.example');
    assert.equal(router.generate('show', { id: 1 }, ReferenceType.ABSOLUTE_URL), 'http://other.example/events/1');
    assert.equal(router.generate('show', { id: 1 }, ReferenceType.NETWORK_PATH, new RequestContext({ host: 'x.test' })), '//x.test/events/1');
  });

  it('passes strictRequirements to the generator', () => {
    const router = new Router(appRoutes(), { strictRequirements: null });
    assert.equal(router.generate('show', { id: 'abc' }), '/events/abc');
  });

  it('explains why each route matches or not', () => {
    const traces = new Router(appRoutes()).explain('/events/x');
    assert.deepEqual(traces.map((t) => [t.name, t.level]), [['show', 'partial'], ['beta', 'none']]);
  });

  it('reports route errors at warm-up', () => {
    const router = new Router(new RouteCollection().add('bad', new Route('/{1}')));
    assert.throws(() => router.warmUp(), /cannot start with a digit/);
  });
});
