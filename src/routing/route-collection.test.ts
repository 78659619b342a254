import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RouteCollection } from './route-collection.ts';
import { Route } from './route.ts';

const names = (collection: RouteCollection): string[] => [...collection.all().keys()];

describe('RouteCollection', () => {
  it('keeps declaration order', () => {
    const collection = new RouteCollection().add('b', new Route('/b')).add('a', new Route('/a'));
    assert.deepEqual(names(collection), ['b', 'a']);
    assert.equal(collection.count(), 2);
  });

  it('orders by priority, higher first, then by declaration', () => {
    const collection = new RouteCollection()
      .add('low', new Route('/low'), -1)
      .add('first', new Route('/first'))
      .add('high', new Route('/high'), 10)
      .add('second', new Route('/second'))
      .add('from_route', new Route('/r', { priority: 5 }));
    assert.deepEqual(names(collection), ['high', 'from_route', 'first', 'second', 'low']);
  });

  it('moves a route added again under the same name to the end', () => {
    const collection = new RouteCollection().add('a', new Route('/a')).add('b', new Route('/b')).add('a', new Route('/a2'));
    assert.deepEqual(names(collection), ['b', 'a']);
    assert.equal(collection.get('a')?.path, '/a2');
  });

  it('removes one or several routes', () => {
    const collection = new RouteCollection().add('a', new Route('/a')).add('b', new Route('/b')).add('c', new Route('/c'));
    collection.remove('a').remove(['b']);
    assert.deepEqual(names(collection), ['c']);
    assert.equal(collection.get('a'), undefined);
  });

  it('adds another collection with its priorities', () => {
    const other = new RouteCollection().add('x', new Route('/x'), 2);
    const collection = new RouteCollection().add('a', new Route('/a')).addCollection(other);
    assert.deepEqual(names(collection), ['x', 'a']);
  });

  it('prefixes paths and adds defaults and requirements', () => {
    const collection = new RouteCollection().add('a', new Route('/a')).add('root', new Route('/'));
    collection.addPrefix('/{_locale}/', { _locale: 'en' }, { _locale: 'en|fr' });
    assert.equal(collection.get('a')?.path, '/{_locale}/a');
    assert.equal(collection.get('root')?.path, '/{_locale}/');
    assert.equal(collection.get('a')?.getDefault('_locale'), 'en');
    assert.equal(collection.get('a')?.getRequirement('_locale'), 'en|fr');
  });

  it('prefixes names, and the canonical names of localized routes', () => {
    const collection = new RouteCollection()
      .add('about.fr', new Route('/a-propos', { defaults: { _canonical_route: 'about' } }))
      .add('home', new Route('/'), 1);
    collection.addNamePrefix('app_');
    assert.deepEqual(names(collection), ['app_home', 'app_about.fr']);
    assert.equal(collection.get('app_about.fr')?.getDefault('_canonical_route'), 'app_about');
  });

  it('sets host, schemes, methods, condition, defaults and requirements on every route', () => {
    const condition = (): boolean => true;
    const collection = new RouteCollection().add('a', new Route('/{id}')).add('b', new Route('/b'));
    collection.setHost('api.example.com').setSchemes('https').setMethods(['get']).setCondition(condition);
    collection.addDefaults({ _format: 'json' }).addRequirements({ id: '\\d+' }).addOptions({ expose: true });
    for (const route of collection.all().values()) {
      assert.equal(route.host, 'api.example.com');
      assert.deepEqual(route.schemes, ['https']);
      assert.deepEqual(route.methods, ['GET']);
      assert.equal(route.condition, condition);
      assert.equal(route.getDefault('_format'), 'json');
      assert.equal(route.getOption('expose'), true);
    }
    assert.equal(collection.get('a')?.getRequirement('id'), '\\d+');
  });

  it('clones routes along with the collection', () => {
    const collection = new RouteCollection().add('a', new Route('/a'), 3);
    const copy = collection.clone();
    copy.get('a')?.setPath('/changed');
    assert.equal(collection.get('a')?.path, '/a');
    assert.equal(copy.getPriority('a'), 3);
  });

  it('iterates in matching order', () => {
    const collection = new RouteCollection().add('a', new Route('/a')).add('b', new Route('/b'), 1);
    assert.deepEqual([...collection].map(([name]) => name), ['b', 'a']);
  });
});
