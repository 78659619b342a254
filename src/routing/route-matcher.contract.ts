// The behaviour every RouteMatcher shares (reference §8), run by each implementation's
// test file: `matcherContract('CompiledUrlMatcher', (routes, options) => new CompiledUrlMatcher(routes, options))`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matcherDetailsContract } from './matcher-details.contract.ts';
import { GET, methodNotAllowed, notFound, routes, type MatcherFactory } from './matcher-fixtures.ts';
import { RequestContext } from './request-context.ts';
import { Route } from './route.ts';

export function matcherContract(name: string, create: MatcherFactory): void {
  describe(`${name} (matcher contract)`, () => {
    describe('paths and variables', () => {
      it('returns _route first, then the defaults', () => {
        const matcher = create(routes(['home', '/home', { defaults: { _controller: 'App::home', page: 1 } }]));
        assert.deepEqual(Object.entries(matcher.match('/home', GET)), [['_route', 'home'], ['_controller', 'App::home'], ['page', 1]]);
      });

      it('lets matched variables override defaults in place and appends the others', () => {
        const matcher = create(routes(['show', '/events/{id}/{slug}', { defaults: { _controller: 'show', slug: 'x' } }]));
        assert.deepEqual(Object.entries(matcher.match('/events/42/party', GET)), [
          ['_route', 'show'], ['_controller', 'show'], ['slug', 'party'], ['id', '42'],
        ]);
      });

      it('gives optional trailing variables their defaults when the path leaves them out', () => {
        const matcher = create(routes(['blog', '/blog/{page}.{_format}', { defaults: { page: 1, _format: 'html' } }]));
        assert.deepEqual(matcher.match('/blog', GET), { _route: 'blog', page: 1, _format: 'html' });
        assert.deepEqual(matcher.match('/blog/2', GET), { _route: 'blog', page: '2', _format: 'html' });
        assert.deepEqual(matcher.match('/blog/2.json', GET), { _route: 'blog', page: '2', _format: 'json' });
      });

      it('rejects a value that does not meet its requirement', () => {
        const matcher = create(routes(['show', '/events/{id<\\d+>}']));
        assert.throws(() => matcher.match('/events/abc', GET), notFound('No routes found for "/events/abc".'));
      });

      it('compares static paths case-sensitively', () => {
        const matcher = create(routes(['about', '/about']));
        assert.throws(() => matcher.match('/About', GET), notFound('No routes found for "/About".'));
      });

      it('matches the root path', () => {
        assert.deepEqual(create(routes(['home', '/'])).match('/', GET), { _route: 'home' });
      });

      it('returns the canonical name of a localized route as _route', () => {
        const matcher = create(routes(['about.fr', '/a-propos', { defaults: { _locale: 'fr', _canonical_route: 'about' } }]));
        assert.deepEqual(matcher.match('/a-propos', GET), { _route: 'about', _locale: 'fr' });
      });

      it('answers lookup() with undefined where match() throws', () => {
        const matcher = create(routes(['about', '/about']));
        assert.equal(matcher.lookup('/nope', GET), undefined);
        assert.deepEqual(matcher.lookup('/about', GET), { _route: 'about' });
      });
    });

    describe('order', () => {
      it('chooses the first declared of two matching routes', () => {
        const matcher = create(routes(['first', '/{a}/{b}'], ['second', '/blog/{slug}']));
        assert.equal(matcher.match('/blog/hello', GET)._route, 'first');
      });

      it('chooses a static route declared after a dynamic one only when the dynamic one does not match', () => {
        const matcher = create(routes(['show', '/blog/{slug<\\d+>}'], ['new', '/blog/new'], ['all', '/blog/{slug}']));
        assert.equal(matcher.match('/blog/new', GET)._route, 'new');
        assert.equal(matcher.match('/blog/42', GET)._route, 'show');
        assert.equal(matcher.match('/blog/hello', GET)._route, 'all');
      });

      it('lets a dynamic route declared first shadow a later static route', () => {
        const matcher = create(routes(['show', '/blog/{slug}'], ['new', '/blog/new']));
        assert.deepEqual(matcher.match('/blog/new', GET), { _route: 'show', slug: 'new' });
      });

      it('tries routes of higher priority first', () => {
        const collection = routes(['catch_all', '/{page}'], ['about', '/about']);
        collection.add('contact', new Route('/contact'), 0);
        collection.add('late', new Route('/{anything}', { priority: 10 }));
        assert.equal(create(collection).match('/about', GET)._route, 'late');
      });

      it('tries later routes after a route is rejected', () => {
        const matcher = create(routes(['create', '/events/{id}', { methods: 'POST' }], ['show', '/events/{id}', { methods: 'GET' }]));
        assert.deepEqual(matcher.match('/events/1', GET), { _route: 'show', id: '1' });
      });
    });

    describe('methods', () => {
      it('accepts HEAD where GET is allowed', () => {
        const matcher = create(routes(['show', '/events/{id}', { methods: 'GET' }]));
        assert.equal(matcher.match('/events/1', new RequestContext({ method: 'HEAD' }))._route, 'show');
      });

      it('accepts HEAD on a route that allows only HEAD', () => {
        const matcher = create(routes(['ping', '/ping', { methods: 'head' }]));
        assert.equal(matcher.match('/ping', new RequestContext({ method: 'HEAD' }))._route, 'ping');
      });

      it('throws MethodNotAllowedException with the methods of every route that matched the path', () => {
        const matcher = create(routes(
          ['update', '/events/{id}', { methods: ['put', 'PATCH'] }],
          ['delete', '/events/{id}', { methods: 'DELETE' }],
          ['replace', '/events/{id}', { methods: 'PUT' }],
          ['other', '/other', { methods: 'GET' }],
        ));
        assert.throws(() => matcher.match('/events/1', GET), methodNotAllowed(['PUT', 'PATCH', 'DELETE']));
      });

      it('reports a method mismatch on a static route too', () => {
        const matcher = create(routes(['new', '/events/new', { methods: 'POST' }]));
        assert.throws(() => matcher.match('/events/new', GET), methodNotAllowed(['POST']));
      });

      it('prefers a later route that allows the method to a 405', () => {
        const matcher = create(routes(['create', '/events', { methods: 'POST' }], ['list', '/{page}']));
        assert.deepEqual(matcher.match('/events', GET), { _route: 'list', page: 'events' });
      });
    });

    matcherDetailsContract(create);
  });
}
