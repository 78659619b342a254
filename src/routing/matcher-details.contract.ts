// Hosts, schemes, trailing slashes and redirects, the root path, percent-encoding and
// conditions: the second half of the matcher contract (see route-matcher.contract.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NoConfigurationException } from './exception/no-configuration-exception.ts';
import { ResourceNotFoundException } from './exception/resource-not-found-exception.ts';
import { assertThrows, GET, methodNotAllowed, notFound, POST, REDIRECT, routes, type MatcherFactory } from './matcher-fixtures.ts';
import { RequestContext } from './request-context.ts';
import { RouteCollection } from './route-collection.ts';
import type { RouteMatcher } from './route-matcher.ts';

export function matcherDetailsContract(create: MatcherFactory): void {
  const redirectable = (collection: RouteCollection): RouteMatcher => create(collection, { redirectController: REDIRECT });

  describe('hosts and schemes', () => {
    it('matches a literal host case-insensitively', () => {
      const matcher = create(routes(['admin', '/', { host: 'Admin.Example.com' }]));
      assert.equal(matcher.match('/', new RequestContext({ host: 'admin.example.COM' }))._route, 'admin');
      assert.throws(() => matcher.match('/', new RequestContext({ host: 'example.com' })), NoConfigurationException);
    });

    it('merges host variables before path variables', () => {
      const matcher = create(routes(['page', '/{page}', { host: '{account}.example.com', defaults: { _controller: 'page' } }]));
      const context = new RequestContext({ host: 'acme.example.com' });
      assert.deepEqual(Object.entries(matcher.match('/home', context)), [
        ['_route', 'page'], ['_controller', 'page'], ['account', 'acme'], ['page', 'home'],
      ]);
    });

    it('skips a route whose host does not match without reporting it', () => {
      const matcher = create(routes(['api', '/status', { host: 'api.example.com', methods: 'POST' }], ['status', '/status']));
      assert.equal(matcher.match('/status', new RequestContext({ host: 'www.example.com' }))._route, 'status');
    });

    it('does not match a route whose scheme differs when it cannot redirect', () => {
      const matcher = create(routes(['login', '/login', { schemes: 'https' }]));
      assert.throws(() => matcher.match('/login', GET), notFound('No routes found for "/login".'));
    });

    it('redirects a GET request to the first allowed scheme', () => {
      const matcher = redirectable(routes(['login', '/login', { schemes: ['HTTPS', 'wss'], defaults: { _controller: 'login' } }]));
      assert.deepEqual(Object.entries(matcher.match('/login', new RequestContext({ httpsPort: 8443 }))), [
        ['_controller', REDIRECT], ['path', '/login'], ['permanent', true], ['scheme', 'https'],
        ['httpPort', 80], ['httpsPort', 8443], ['_route', 'login'],
      ]);
    });

    it('does not redirect a POST request to another scheme', () => {
      const matcher = redirectable(routes(['login', '/login', { schemes: 'https' }]));
      assert.throws(() => matcher.match('/login', POST), notFound('No routes found for "/login".'));
    });

    it('reports a scheme mismatch rather than a method mismatch when both differ', () => {
      const matcher = create(routes(['login', '/login', { schemes: 'https', methods: 'POST' }]));
      assert.throws(() => matcher.match('/login', GET), notFound('No routes found for "/login".'));
    });
  });

  describe('trailing slashes', () => {
    it('redirects to the path with the slash the route has, keeping the route parameters after the redirect ones', () => {
      const matcher = redirectable(routes(['list', '/events/{year}/', { defaults: { _controller: 'list', path: 'shadowed' } }]));
      assert.deepEqual(Object.entries(matcher.match('/events/2024', GET)), [
        ['_controller', REDIRECT], ['path', '/events/2024/'], ['permanent', true], ['scheme', null],
        ['httpPort', 80], ['httpsPort', 443], ['_route', 'list'], ['year', '2024'],
      ]);
    });

    it('redirects to the path without the slash the route lacks', () => {
      const matcher = redirectable(routes(['show', '/events/{id}', { defaults: { _controller: 'show' } }]));
      const parameters = matcher.match('/events/42/', GET);
      assert.equal(parameters._controller, REDIRECT);
      assert.equal(parameters.path, '/events/42');
      assert.equal(parameters.id, '42');
    });

    it('redirects static routes in both directions', () => {
      const matcher = redirectable(routes(['dir', '/dir/'], ['file', '/file']));
      assert.equal(matcher.match('/dir', GET).path, '/dir/');
      assert.equal(matcher.match('/file/', GET).path, '/file');
      assert.equal(matcher.match('/file//', GET).path, '/file');
    });

    it('reports the toggled path when the retry fails', () => {
      const matcher = redirectable(routes(['home', '/home']));
      assert.throws(() => matcher.match('/missing.JPG', GET), notFound('No routes found for "/missing.JPG/".'));
      assert.throws(() => matcher.match('/missing/', GET), notFound('No routes found for "/missing".'));
    });

    it('reports the path as given when the matcher cannot redirect', () => {
      const matcher = create(routes(['dir', '/dir/']));
      assert.throws(() => matcher.match('/dir', GET), notFound('No routes found for "/dir".'));
    });

    it('does not redirect a POST request', () => {
      const matcher = redirectable(routes(['dir', '/dir/']));
      assert.throws(() => matcher.match('/dir', POST), notFound('No routes found for "/dir".'));
    });

    it('does not redirect to a route that does not allow GET', () => {
      const matcher = redirectable(routes(['save', '/save/', { methods: 'POST' }]));
      assert.throws(() => matcher.match('/save', GET), notFound('No routes found for "/save/".'));
    });

    it('redirects for an earlier route even when a later route has the exact path', () => {
      const matcher = redirectable(routes(['dir', '/dir/'], ['file', '/dir']));
      assert.equal(matcher.match('/dir', GET).path, '/dir/');
    });

    it('keeps a trailing slash inside a variable whose requirement allows it', () => {
      const matcher = redirectable(routes(['file', '/files/{path}', { requirements: { path: '.+' } }]));
      assert.deepEqual(matcher.match('/files/a/b/', GET), { _route: 'file', path: 'a/b/' });
    });
  });

  describe('the root path', () => {
    it('throws NoConfigurationException for "/" when there are no routes', () => {
      assert.throws(() => create(new RouteCollection()).match('/', GET), NoConfigurationException);
    });

    it('throws NoConfigurationException for "/" when no route came close', () => {
      assert.throws(() => create(routes(['about', '/about'])).match('/', GET), NoConfigurationException);
    });

    it('throws MethodNotAllowedException for "/" when a route only lacks the method', () => {
      assert.throws(() => create(routes(['home', '/', { methods: 'POST' }])).match('/', GET), methodNotAllowed(['POST']));
    });

    it('throws a plain not-found error for other paths when there are no routes', () => {
      const error = assertThrows(() => create(new RouteCollection()).match('/about', GET));
      assert.equal(error.constructor, ResourceNotFoundException);
    });
  });

  describe('percent-encoding', () => {
    it('decodes the path before matching', () => {
      const matcher = create(routes(['search', '/search/{query}']));
      assert.deepEqual(matcher.match('/search/caf%C3%A9%20au%20lait', GET), { _route: 'search', query: 'café au lait' });
    });

    it('decodes an encoded slash into a segment separator, as rawurldecode does', () => {
      const matcher = create(routes(['page', '/a/b']));
      assert.equal(matcher.match('/a%2Fb', GET)._route, 'page');
    });

    it('leaves a malformed escape undecoded instead of throwing', () => {
      const matcher = create(routes(['search', '/search/{query}']));
      assert.deepEqual(matcher.match('/search/100%', GET), { _route: 'search', query: '100%' });
      assert.deepEqual(matcher.match('/search/%E9t%C3%A9', GET), { _route: 'search', query: '%E9té' });
      assert.throws(() => matcher.match('/%zz', GET), notFound('No routes found for "/%zz".'));
    });

    it('matches a UTF-8 route against the decoded path', () => {
      const matcher = create(routes(['cafe', '/café/{name<\\p{L}+>}', { utf8: true }]));
      assert.deepEqual(matcher.match('/caf%C3%A9/cr%C3%A8me', GET), { _route: 'cafe', name: 'crème' });
    });
  });

  describe('conditions', () => {
    it('passes the context and the request to the condition', () => {
      const seen: unknown[] = [];
      const matcher = create(routes(['api', '/api', { condition: (context, request) => (seen.push(context.host, request), true) }]));
      matcher.match('/api', new RequestContext({ host: 'example.com' }), { id: 1 });
      assert.deepEqual(seen, ['example.com', { id: 1 }]);
    });

    it('tries the next route when a condition is false', () => {
      const matcher = create(routes(['beta', '/app/{page}', { condition: () => false }], ['app', '/app/{page}']));
      assert.equal(matcher.match('/app/home', GET)._route, 'app');
    });
  });
}
