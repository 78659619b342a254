import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Container } from './container.ts';

declare module './container.ts' {
  interface ServiceMap {
    'test.clock': { now(): number };
    'test.a': { name: string };
    'test.b': { name: string };
  }
}

describe('Container', () => {
  it('returns a value as set', () => {
    const clock = { now: () => 42 };
    assert.equal(new Container().set('test.clock', clock).get('test.clock'), clock);
  });

  it('runs a factory once, on first use', () => {
    let built = 0;
    const container = new Container().factory('test.a', () => { built++; return { name: 'a' }; });
    assert.equal(built, 0);
    assert.equal(container.get('test.a'), container.get('test.a'));
    assert.equal(built, 1);
  });

  it('names the known services when one does not exist', () => {
    const container = new Container().set('test.a', { name: 'a' });
    assert.throws(() => container.get('test.b'), { message: 'You have requested a non-existent service "test.b". Known services: test.a.' });
    assert.equal(container.find('test.b'), undefined);
  });

  it('reports a circular reference with its path', () => {
    const container = new Container()
      .factory('test.a', (c) => ({ name: c.get('test.b').name }))
      .factory('test.b', (c) => ({ name: c.get('test.a').name }));
    assert.throws(() => container.get('test.a'), { message: 'Circular reference detected for service "test.a", path: "test.a -> test.b -> test.a".' });
  });
});
