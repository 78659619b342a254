import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FlatContextCache } from './flat-context-cache.ts';
import type { LogContext } from './log-record.ts';

/** A cache and the calls its `make` got. */
function counted(limit?: number): { text: (message: string, context: LogContext) => string; made: string[] } {
  const cache = new FlatContextCache(limit);
  const made: string[] = [];
  const make = (message: string, context: LogContext): string => {
    const text = `${message} ${JSON.stringify(context)}`;
    made.push(text);
    return text;
  };
  return { text: (message, context) => cache.text(message, context, make), made };
}

describe('FlatContextCache', () => {
  it('works out the text of a message with the same strings once', () => {
    const { text, made } = counted();
    assert.equal(text('Notified {event}', { event: 'kernel.request', listener: 'A::b' }), 'Notified {event} {"event":"kernel.request","listener":"A::b"}');
    assert.equal(text('Notified {event}', { event: 'kernel.request', listener: 'A::b' }), 'Notified {event} {"event":"kernel.request","listener":"A::b"}');
    assert.equal(made.length, 1);
  });

  it('tells apart contexts that differ by a value, a key, their order or their number', () => {
    const { text, made } = counted();
    const contexts = [{ a: 'x' }, { a: 'y' }, { b: 'x' }, { a: 'x', b: 'y' }, { b: 'y', a: 'x' }, { a: 'xb', b: '' }, { a: 'x', b: 'y', c: 'z' }];
    for (const context of contexts) text('m', context);
    for (const context of contexts) assert.equal(text('m', context), `m ${JSON.stringify(context)}`);
    assert.equal(text('n', { a: 'x' }), 'n {"a":"x"}');
    assert.equal(made.length, contexts.length + 1);
  });

  it('works out every time the text of a context with other values, no values, or long ones', () => {
    const { text, made } = counted();
    const contexts: LogContext[] = [{ count: 1 }, {}, { a: 'x', error: new Error('e') }, { a: 'x'.repeat(300) }, { a: '1', b: '2', c: '3', d: '4', e: '5' }];
    for (const context of [...contexts, ...contexts]) text('m', context);
    assert.equal(made.length, contexts.length * 2);
  });

  it('keeps no more texts than its limit, and still answers the others', () => {
    const { text, made } = counted(2);
    for (const value of ['a', 'b', 'c', 'a', 'b', 'c']) assert.equal(text('m', { value }), `m {"value":"${value}"}`);
    assert.equal(made.length, 4, 'a and b kept, c worked out twice');
  });

  it('finds a frozen context\'s text by the object, per message, as a copy of it would', () => {
    const { text, made } = counted();
    const context = Object.freeze({ event: 'kernel.request', listener: 'A::b' });
    assert.equal(text('Notified {event}', context), 'Notified {event} {"event":"kernel.request","listener":"A::b"}');
    assert.equal(text('Notified {event}', context), 'Notified {event} {"event":"kernel.request","listener":"A::b"}');
    assert.equal(text('Skipped {event}', context), 'Skipped {event} {"event":"kernel.request","listener":"A::b"}');
    assert.equal(text('Notified {event}', { ...context }), 'Notified {event} {"event":"kernel.request","listener":"A::b"}');
    assert.equal(made.length, 2);
  });

  it('asks a frozen context with a getter every time', () => {
    const { text } = counted();
    let calls = 0;
    const context = Object.freeze({
      get value(): string {
        calls++;
        return `call ${calls}`;
      },
    });
    assert.equal(text('m', context), 'm {"value":"call 2"}', 'read once to look up, once to make the text');
    assert.equal(text('m', context), 'm {"value":"call 4"}');
  });
});
