import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidRouteException } from './exception/invalid-route-exception.ts';
import { Route } from './route.ts';

describe('Route', () => {
  it('starts every path with exactly one slash', () => {
    assert.equal(new Route('blog').path, '/blog');
    assert.equal(new Route('//blog').path, '/blog');
    assert.equal(new Route(' /blog ').path, '/blog');
  });

  it('moves inline requirements and defaults out of the path', () => {
    const route = new Route('/blog/{page<\\d+>?1}/{slug?}/{id<\\w+>}');
    assert.equal(route.path, '/blog/{page}/{slug}/{id}');
    assert.deepEqual(route.requirements, { page: '\\d+', id: '\\w+' });
    assert.deepEqual(route.defaults, { page: '1', slug: null });
  });

  it('lets explicit defaults and requirements override inline ones in the path', () => {
    const route = new Route('/{page<\\d+>?1}', { defaults: { page: 2 }, requirements: { page: '[0-9]' } });
    assert.equal(route.getDefault('page'), 2);
    assert.equal(route.getRequirement('page'), '[0-9]');
  });

  it('reads inline requirements and defaults in the host too', () => {
    const route = new Route('/', { host: '{locale<en|fr>?en}.example.com' });
    assert.equal(route.host, '{locale}.example.com');
    assert.equal(route.getRequirement('locale'), 'en|fr');
    assert.equal(route.getDefault('locale'), 'en');
  });

  it('stores methods in upper case and schemes in lower case', () => {
    const route = new Route('/', { methods: ['get', 'Post'], schemes: 'HTTPS' });
    assert.deepEqual(route.methods, ['GET', 'POST']);
    assert.deepEqual(route.schemes, ['https']);
    assert.ok(route.hasScheme('HTTPS'));
  });

  it('counts a null default as a default', () => {
    assert.ok(new Route('/{page?}').hasDefault('page'));
  });

  it('rejects an empty requirement', () => {
    assert.throws(() => new Route('/', { requirements: { id: '^$' } }), new InvalidRouteException('Routing requirement for "id" cannot be empty.'));
  });

  it('keeps an escaped dollar at the end of a requirement', () => {
    assert.equal(new Route('/', { requirements: { price: '\\d+\\$' } }).getRequirement('price'), '\\d+\\$');
  });

  it('compiles once and again after a change', () => {
    const route = new Route('/a');
    const compiled = route.compile();
    assert.equal(route.compile(), compiled);
    route.setPath('/b');
    assert.notEqual(route.compile(), compiled);
    assert.equal(route.compile().staticPrefix, '/b');
  });

  it('compiles again after its requirements are all removed', () => {
    const route = new Route('/events/{id}', { requirements: { id: '\\d+' } });
    assert.equal(route.compile().regex.test('/events/abc'), false);
    route.setRequirements({});
    assert.equal(route.compile().regex.test('/events/abc'), true);
  });

  it('clones into an independent route', () => {
    const route = new Route('/a', { defaults: { x: 1 }, methods: 'GET', priority: 3, utf8: true });
    const copy = route.clone().setDefault('x', 2);
    assert.equal(route.getDefault('x'), 1);
    assert.deepEqual(copy.methods, ['GET']);
    assert.equal(copy.priority, 3);
    assert.equal(copy.getOption('utf8'), true);
  });
});
