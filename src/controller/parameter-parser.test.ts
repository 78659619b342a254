import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseParameters } from './parameter-parser.ts';

const names = (fn: Function): string[] => parseParameters(fn).map((p) => `${p.isVariadic ? '...' : ''}${p.name}${p.hasDefault ? '=' : ''}`);

class Controller {
  showAction(id: string, request: unknown, page = 1) { return [id, request, page]; }
  async listAction(filter = { a: [1, 2], b: '(,)' }, ...rest: unknown[]) { return [filter, rest]; }
  'quoted name'(x: number) { return x; }
}

describe('parseParameters', () => {
  it('reads a method\'s parameter names and which have defaults', () => {
    assert.deepEqual(names(Controller.prototype.showAction), ['id', 'request', 'page=']);
  });

  it('is not fooled by commas and brackets inside defaults, and sees rest parameters', () => {
    assert.deepEqual(names(Controller.prototype.listAction), ['filter=', '...rest']);
  });

  it('reads arrow functions with and without parentheses', () => {
    assert.deepEqual(names((a: number, b = 'x,y') => [a, b]), ['a', 'b=']);
    assert.deepEqual(names(async (a: number) => a), ['a']);
    // eslint-disable-next-line arrow-parens
    const single = eval('(value => value)') as Function;
    assert.deepEqual(names(single), ['value']);
  });

  it('reads function declarations and ignores comments', () => {
    function action(/* the id */ id: string, // trailing
      name = '/* not a comment */') { return [id, name]; }
    assert.deepEqual(names(action), ['id', 'name=']);
  });

  it('names destructured parameters by position', () => {
    assert.deepEqual(names(({ a }: { a: number }, [b]: number[]) => a + b), ['arg0', 'arg1']);
  });

  it('reads methods with quoted names', () => {
    assert.deepEqual(names(Controller.prototype['quoted name']), ['x']);
  });

  it('falls back to argN for functions without source', () => {
    assert.deepEqual(names(Math.max), ['arg0', 'arg1']);
    assert.deepEqual(names(function two(a: number, b: number) { return a + b; }.bind(null)), ['arg0', 'arg1']);
  });

  it('finds no parameters in an empty list', () => {
    assert.deepEqual(names(() => 1), []);
  });
});
