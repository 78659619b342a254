import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventDispatcher } from './event-dispatcher.ts';
import { Event } from './event.ts';
import type { EventSubscriber, SubscribedEvents } from './event-subscriber.ts';

class Recorder {
  readonly calls: string[] = [];
  first(): void { this.calls.push('first'); }
  second(): void { this.calls.push('second'); }
}

describe('EventDispatcher', () => {
  it('calls listeners with the higher priority first', () => {
    const dispatcher = new EventDispatcher();
    const calls: number[] = [];
    dispatcher.addListener('e', () => { calls.push(0); });
    dispatcher.addListener('e', () => { calls.push(10); }, 10);
    dispatcher.addListener('e', () => { calls.push(-5); }, -5);
    dispatcher.dispatch(new Event(), 'e');
    assert.deepEqual(calls, [10, 0, -5]);
  });

  it('keeps registration order between listeners of equal priority', () => {
    const dispatcher = new EventDispatcher();
    const calls: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) dispatcher.addListener('e', () => { calls.push(name); });
    dispatcher.dispatch(new Event(), 'e');
    assert.deepEqual(calls, ['a', 'b', 'c', 'd']);
  });

  it('returns the event itself, not a promise, when every listener is synchronous', () => {
    const dispatcher = new EventDispatcher();
    dispatcher.addListener('e', () => {});
    const event = new Event();
    assert.equal(dispatcher.dispatch(event, 'e'), event);
  });

  it('awaits a listener that returns a promise before calling the next one', async () => {
    const dispatcher = new EventDispatcher();
    const calls: string[] = [];
    dispatcher.addListener('e', async () => { await new Promise((r) => setTimeout(r, 5)); calls.push('slow'); }, 10);
    dispatcher.addListener('e', () => { calls.push('next'); });
    const result = dispatcher.dispatch(new Event(), 'e');
    assert.ok(result instanceof Promise);
    await result;
    assert.deepEqual(calls, ['slow', 'next']);
  });

  it('stops calling listeners once one stops propagation', () => {
    const dispatcher = new EventDispatcher();
    const calls: string[] = [];
    dispatcher.addListener('e', (event: Event) => { calls.push('stopper'); event.stopPropagation(); }, 5);
    dispatcher.addListener('e', () => { calls.push('skipped'); });
    dispatcher.dispatch(new Event(), 'e');
    assert.deepEqual(calls, ['stopper']);
  });

  it('keeps the propagation of nested dispatches apart: an inner stop ends only the inner event, an outer stop the outer one', () => {
    const dispatcher = new EventDispatcher();
    const calls: string[] = [];
    dispatcher.addListener('inner', (event: Event) => { calls.push('inner stopper'); event.stopPropagation(); }, 5);
    dispatcher.addListener('inner', () => { calls.push('inner skipped'); });
    dispatcher.addListener('outer', () => { calls.push('outer 1'); dispatcher.dispatch(new Event(), 'inner'); }, 9);
    dispatcher.addListener('outer', (event: Event) => { calls.push('outer 2'); event.stopPropagation(); dispatcher.dispatch(new Event(), 'inner'); }, 8);
    dispatcher.addListener('outer', () => { calls.push('outer skipped'); }, 7);
    dispatcher.dispatch(new Event(), 'outer');
    assert.deepEqual(calls, ['outer 1', 'inner stopper', 'outer 2', 'inner stopper']);
  });

  it('calls no listener of an event that comes already stopped, an Event or a plain object saying so', () => {
    const dispatcher = new EventDispatcher();
    let called = 0;
    dispatcher.addListener('e', () => { called++; });
    const stopped = new Event();
    stopped.stopPropagation();
    assert.equal(dispatcher.dispatch(stopped, 'e'), stopped);
    dispatcher.dispatch({ propagationStopped: true }, 'e');
    assert.equal(called, 0);
    dispatcher.dispatch({}, 'e');
    assert.equal(called, 1);
  });

  it('stops a plain object whose listener sets its propagationStopped', () => {
    const dispatcher = new EventDispatcher();
    const calls: string[] = [];
    dispatcher.addListener('e', (event: { propagationStopped?: boolean }) => { calls.push('stopper'); event.propagationStopped = true; }, 5);
    dispatcher.addListener('e', () => { calls.push('skipped'); });
    dispatcher.dispatch({}, 'e');
    assert.deepEqual(calls, ['stopper']);
  });

  it('goes on with the listeners a dispatch started with when one is added or removed meanwhile; the next dispatch sees the change', () => {
    const dispatcher = new EventDispatcher();
    const calls: string[] = [];
    const late = (): void => { calls.push('late'); };
    const removed = (): void => { calls.push('removed'); };
    dispatcher.addListener('e', () => {
      calls.push('first');
      dispatcher.addListener('e', late, 10);
      dispatcher.removeListener('e', removed);
    }, 5);
    dispatcher.addListener('e', removed);
    dispatcher.dispatch(new Event(), 'e');
    assert.deepEqual(calls, ['first', 'removed']);
    calls.length = 0;
    dispatcher.dispatch(new Event(), 'e');
    assert.deepEqual(calls, ['late', 'first']);
  });

  it('dispatches under any event name, and to any number of listeners, in order', async () => {
    const dispatcher = new EventDispatcher();
    const name = '"; } throw new Error("injected"); function x() { //\n*/ `${1}`';
    const calls: number[] = [];
    for (let i = 0; i < 300; i++) dispatcher.addListener(name, i === 150 ? async () => { calls.push(i); } : () => { calls.push(i); });
    for (let round = 0; round < 2; round++) {
      calls.length = 0;
      await dispatcher.dispatch(new Event(), name);
      assert.deepEqual(calls, Array.from({ length: 300 }, (_, i) => i));
    }
    assert.deepEqual(dispatcher.getListeners(name).length, 300);
  });

  it('calls the same listeners the same way on every dispatch, the first (a loop) and the later ones (generated code)', async () => {
    const dispatcher = new EventDispatcher();
    const calls: string[] = [];
    const recorder = { name: 'recorder', record(this: { name: string }): void { calls.push(this.name); } };
    dispatcher.addListener('sync', () => { calls.push('low'); }, -5);
    dispatcher.addListener('sync', [recorder, 'record'], 5);
    dispatcher.addListener('sync', (event: Event) => { calls.push('stopper'); event.stopPropagation(); }, -6);
    dispatcher.addListener('sync', () => { calls.push('never'); }, -7);
    dispatcher.addListener('async', async () => { await Promise.resolve(); calls.push('awaited'); }, 1);
    dispatcher.addListener('async', () => { calls.push('after'); });
    dispatcher.addListener('plain', (event: { propagationStopped?: boolean }) => { calls.push('plain'); event.propagationStopped = true; }, 1);
    dispatcher.addListener('plain', () => { calls.push('never'); });
    for (let round = 0; round < 3; round++) {
      calls.length = 0;
      const event = new Event();
      assert.equal(dispatcher.dispatch(event, 'sync'), event);
      const pending = dispatcher.dispatch(new Event(), 'async');
      assert.ok(pending instanceof Promise);
      await pending;
      dispatcher.dispatch({}, 'plain');
      assert.deepEqual(calls, ['recorder', 'low', 'stopper', 'awaited', 'after', 'plain'], `dispatch ${round + 1}`);
    }
  });

  it('stops after an async listener stopped propagation', async () => {
    const dispatcher = new EventDispatcher();
    const calls: string[] = [];
    dispatcher.addListener('e', async (event: Event) => { calls.push('a'); event.stopPropagation(); }, 5);
    dispatcher.addListener('e', () => { calls.push('b'); });
    await dispatcher.dispatch(new Event(), 'e');
    assert.deepEqual(calls, ['a']);
  });

  it('calls [object, method] listeners on their object', () => {
    const dispatcher = new EventDispatcher();
    const recorder = new Recorder();
    dispatcher.addListener('e', [recorder, 'second']);
    dispatcher.addListener('e', [recorder, 'first'], 1);
    dispatcher.dispatch(new Event(), 'e');
    assert.deepEqual(recorder.calls, ['first', 'second']);
  });

  it('refuses a tuple naming a method the object lacks', () => {
    const dispatcher = new EventDispatcher();
    assert.throws(() => dispatcher.addListener('e', [new Recorder(), 'missing']), /Recorder::missing" is not callable/);
  });

  it('registers a subscriber\'s methods with their priorities, in declaration order', () => {
    class Subscriber implements EventSubscriber {
      readonly calls: string[] = [];
      getSubscribedEvents(): SubscribedEvents {
        return { one: 'a', two: ['b', 7], three: [['c', 1], ['d', 2]] };
      }
      a(): void { this.calls.push('a'); }
      b(): void { this.calls.push('b'); }
      c(): void { this.calls.push('c'); }
      d(): void { this.calls.push('d'); }
    }
    const dispatcher = new EventDispatcher();
    const subscriber = new Subscriber();
    dispatcher.addSubscriber(subscriber);
    for (const name of ['one', 'two', 'three']) dispatcher.dispatch(new Event(), name);
    assert.deepEqual(subscriber.calls, ['a', 'b', 'd', 'c']);
    assert.equal(dispatcher.getListenerPriority('two', [subscriber, 'b']), 7);
    dispatcher.removeSubscriber(subscriber);
    assert.equal(dispatcher.hasListeners(), false);
  });

  it('removes a listener by reference or by an equal tuple', () => {
    const dispatcher = new EventDispatcher();
    const recorder = new Recorder();
    const fn = (): void => {};
    dispatcher.addListener('e', fn);
    dispatcher.addListener('e', [recorder, 'first']);
    dispatcher.removeListener('e', fn);
    dispatcher.removeListener('e', [recorder, 'first']);
    assert.equal(dispatcher.hasListeners('e'), false);
  });

  it('lists listeners in call order and re-sorts after a change', () => {
    const dispatcher = new EventDispatcher();
    const a = (): void => {};
    const b = (): void => {};
    dispatcher.addListener('e', a);
    assert.deepEqual(dispatcher.getListeners('e'), [a]);
    dispatcher.addListener('e', b, 1);
    assert.deepEqual(dispatcher.getListeners('e'), [b, a]);
    assert.deepEqual([...dispatcher.getAllListeners().keys()], ['e']);
  });

  it('caches the sorted list until the listeners of that event change', () => {
    const dispatcher = new EventDispatcher();
    dispatcher.addListener('e', () => {});
    const first = dispatcher.getSortedEntries('e');
    assert.equal(dispatcher.getSortedEntries('e'), first);
    dispatcher.addListener('other', () => {});
    assert.equal(dispatcher.getSortedEntries('e'), first);
    dispatcher.addListener('e', () => {});
    assert.notEqual(dispatcher.getSortedEntries('e'), first);
  });

  it('counts every change of listeners, by a listener or a subscriber, and not a removal of what is not there', () => {
    class Subscriber implements EventSubscriber {
      getSubscribedEvents(): SubscribedEvents {
        return { one: 'a', two: [['b', 1], ['c', 2]] };
      }
      a(): void {}
      b(): void {}
      c(): void {}
    }
    const dispatcher = new EventDispatcher();
    const fn = (): void => {};
    let before = dispatcher.changeCount;
    dispatcher.addListener('e', fn);
    assert.equal(dispatcher.changeCount, before + 1, 'a listener added');
    before = dispatcher.changeCount;
    dispatcher.getSortedEntries('e');
    dispatcher.dispatch(new Event(), 'e');
    dispatcher.getAllListeners();
    assert.equal(dispatcher.changeCount, before, 'reading and dispatching change nothing');
    dispatcher.removeListener('e', (): void => {});
    dispatcher.removeListener('absent', fn);
    assert.equal(dispatcher.changeCount, before, 'removing a listener that is not there changes nothing');
    dispatcher.removeListener('e', fn);
    assert.equal(dispatcher.changeCount, before + 1, 'a listener removed');
    before = dispatcher.changeCount;
    const subscriber = new Subscriber();
    dispatcher.addSubscriber(subscriber);
    assert.ok(dispatcher.changeCount > before, 'a subscriber added');
    before = dispatcher.changeCount;
    dispatcher.removeSubscriber(subscriber);
    assert.ok(dispatcher.changeCount > before, 'a subscriber removed');
  });

  it('lets a listener throw through dispatch to the caller', () => {
    const dispatcher = new EventDispatcher();
    dispatcher.addListener('e', () => { throw new Error('boom'); });
    assert.throws(() => dispatcher.dispatch(new Event(), 'e'), /boom/);
  });

  it('dispatches an event with no listeners as a no-op', () => {
    const dispatcher = new EventDispatcher();
    const event = new Event();
    assert.equal(dispatcher.dispatch(event, 'nobody'), event);
  });
});
