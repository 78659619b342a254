import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidRouteException } from './exception/invalid-route-exception.ts';
import { RouteLoader, type RouteDefinition } from './route-loader.ts';

const load = (definitions: unknown[]) => new RouteLoader().load(definitions as RouteDefinition[]);

describe('RouteLoader', () => {
  it('builds routes in order, with the controller as the _controller default', () => {
    const routes = load([
      { name: 'show', path: '/events/{id<\\d+>}', controller: 'App\\Controller\\EventController::show', methods: 'get' },
      { name: 'home', path: '/', controller: 'App\\Controller\\DefaultController::index' },
    ]);
    assert.deepEqual([...routes.all().keys()], ['show', 'home']);
    const show = routes.get('show');
    assert.equal(show?.getDefault('_controller'), 'App\\Controller\\EventController::show');
    assert.deepEqual(show?.methods, ['GET']);
    assert.equal(show?.getRequirement('id'), '\\d+');
  });

  it('passes every option on to the route', () => {
    const condition = (): boolean => true;
    const route = load([{
      name: 'api', path: '/api/{page}', defaults: { page: 1 }, requirements: { page: '\\d+' }, host: 'api.example.com',
      schemes: ['https'], condition, priority: 5, locale: 'fr', format: 'json', utf8: true, options: { expose: true },
    }]).get('api');
    assert.deepEqual(route?.defaults, { page: 1, _locale: 'fr', _format: 'json' });
    assert.equal(route?.host, 'api.example.com');
    assert.deepEqual(route?.schemes, ['https']);
    assert.equal(route?.condition, condition);
    assert.equal(route?.priority, 5);
    assert.equal(route?.getOption('utf8'), true);
    assert.equal(route?.getOption('expose'), true);
  });

  it('orders routes by priority', () => {
    const routes = load([{ name: 'a', path: '/a' }, { name: 'b', path: '/b', priority: 1 }]);
    assert.deepEqual([...routes.all().keys()], ['b', 'a']);
  });

  it('makes one route per locale for a localized path', () => {
    const routes = load([{ name: 'about', path: { en: '/about', fr: '/a-propos' }, controller: 'about' }]);
    assert.deepEqual([...routes.all().keys()], ['about.en', 'about.fr']);
    assert.deepEqual(routes.get('about.fr')?.defaults, { _controller: 'about', _locale: 'fr', _canonical_route: 'about' });
    assert.equal(routes.get('about.fr')?.getRequirement('_locale'), 'fr');
  });

  it('rejects an unknown key, naming the keys it accepts', () => {
    assert.throws(() => load([{ name: 'x', path: '/x', method: 'GET' }]), (error: unknown) => {
      assert.ok(error instanceof InvalidRouteException);
      assert.match(error.message, /^The route definition "x" contains unsupported keys: "method"\. Expected one of: "name", "path", /);
      return true;
    });
  });

  it('rejects a definition without a name or a path', () => {
    assert.throws(() => load([{ path: '/x' }]), new InvalidRouteException('The route definition #0 must have a "name".'));
    assert.throws(() => load([{ name: 'x' }]), new InvalidRouteException('The route definition "x" must have a "path".'));
  });

  it('rejects both a controller and a _controller default', () => {
    assert.throws(() => load([{ name: 'x', path: '/x', controller: 'a', defaults: { _controller: 'b' } }]), /must not specify both the "controller" key and the defaults key "_controller"/);
  });
});
