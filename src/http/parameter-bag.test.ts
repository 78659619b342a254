import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ParameterBag } from './parameter-bag.ts';

describe('ParameterBag', () => {
  it('answers as an empty bag before anything is written', () => {
    const bag = new ParameterBag<string>();
    assert.equal(bag.get('a'), undefined);
    assert.equal(bag.get('a', 'fallback'), 'fallback');
    assert.equal(bag.getString('a', 'x'), 'x');
    assert.equal(bag.has('a'), false);
    assert.equal(bag.size, 0);
    assert.deepEqual(bag.keys(), []);
    assert.deepEqual(bag.all(), {});
    assert.deepEqual([...bag], []);
    bag.remove('a');
    bag.replace({});
    assert.equal(bag.size, 0);
  });

  it('answers the same once written, whichever write came first', () => {
    const written = [
      (bag: ParameterBag<string>) => bag.set('a', '1'),
      (bag: ParameterBag<string>) => bag.add({ a: '1' }),
      (bag: ParameterBag<string>) => bag.replace({ a: '1' }),
    ];
    for (const write of written) {
      const bag = new ParameterBag<string>();
      write(bag);
      assert.equal(bag.get('a'), '1');
      assert.equal(bag.has('a'), true);
      assert.deepEqual(bag.all(), { a: '1' });
      assert.deepEqual([...bag], [['a', '1']]);
    }
  });

  it('keeps the entries it is made with, from a record or from pairs', () => {
    assert.deepEqual(new ParameterBag({ a: 1, b: 2 }).all(), { a: 1, b: 2 });
    assert.deepEqual(new ParameterBag([['a', 1], ['b', 2]]).all(), { a: 1, b: 2 });
    assert.deepEqual(new ParameterBag({}).keys(), []);
  });

  it('gives an unwritten bag\'s iterator over nothing, and a write to another bag does not show in it', () => {
    const empty = new ParameterBag<number>();
    new ParameterBag<number>().set('x', 1);
    assert.deepEqual([...empty], []);
    assert.equal(empty.has('x'), false);
  });
});
