import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventDispatcher } from './event-dispatcher.ts';
import { TraceableEventDispatcher } from './traceable-event-dispatcher.ts';
import { Event } from './event.ts';
import { RequestStack } from '../http/request-stack.ts';
import type { EventSubscriber, SubscribedEvents } from './event-subscriber.ts';

class Sink {
  readonly lines: string[] = [];
  debug(message: string, context: Record<string, unknown> = {}): void {
    this.lines.push(message.replace(/\{(\w+)\}/g, (_, key: string) => String(context[key])));
  }
}

class RouterLike {
  onKernelRequest(): void {}
}
class Stopper {
  stop(event: Event): void { event.stopPropagation(); }
}
class Late {
  never(): void {}
}

function setup(): { sink: Sink; dispatcher: TraceableEventDispatcher; inner: EventDispatcher } {
  const inner = new EventDispatcher();
  const sink = new Sink();
  return { sink, inner, dispatcher: new TraceableEventDispatcher(inner, sink, new RequestStack()) };
}

describe('TraceableEventDispatcher', () => {
  it('writes one "Notified" line per called listener, in call order, named Class::method', () => {
    const { sink, dispatcher } = setup();
    dispatcher.addListener('kernel.request', [new RouterLike(), 'onKernelRequest'], 32);
    dispatcher.addListener('kernel.request', function configure() {}, 2048);
    dispatcher.dispatch(new Event(), 'kernel.request');
    assert.deepEqual(sink.lines, [
      'Notified event "kernel.request" to listener "configure".',
      'Notified event "kernel.request" to listener "RouterLike::onKernelRequest".',
    ]);
  });

  it('names an anonymous listener "closure"', () => {
    const { sink, dispatcher } = setup();
    dispatcher.addListener('e', (() => () => {})());
    dispatcher.dispatch(new Event(), 'e');
    assert.deepEqual(sink.lines, ['Notified event "e" to listener "closure".']);
  });

  it('does not report a one-shot listener that removed itself while it ran, as the reference reads the listeners left', () => {
    const { sink, dispatcher } = setup();
    dispatcher.addListener('kernel.response', [new RouterLike(), 'onKernelRequest'], 0);
    const once = (): void => dispatcher.removeListener('kernel.response', once);
    dispatcher.addListener('kernel.response', once, -128);
    dispatcher.dispatch(new Event(), 'kernel.response');
    dispatcher.dispatch(new Event(), 'kernel.response');
    assert.deepEqual(sink.lines, [
      'Notified event "kernel.response" to listener "RouterLike::onKernelRequest".',
      'Notified event "kernel.response" to listener "RouterLike::onKernelRequest".',
    ]);
  });

  it('reports the listener that stopped propagation and those it skipped', () => {
    const { sink, dispatcher } = setup();
    dispatcher.addListener('kernel.controller', [new Stopper(), 'stop'], 0);
    dispatcher.addListener('kernel.controller', [new Late(), 'never'], -128);
    dispatcher.dispatch(new Event(), 'kernel.controller');
    assert.deepEqual(sink.lines, [
      'Notified event "kernel.controller" to listener "Stopper::stop".',
      'Listener "Stopper::stop" stopped propagation of the event "kernel.controller".',
      'Listener "Late::never" was not called for event "kernel.controller".',
    ]);
  });

  it('still writes the lines when a listener throws, counting the thrower as notified', () => {
    const { sink, dispatcher } = setup();
    dispatcher.addListener('kernel.request', function first() {}, 100);
    dispatcher.addListener('kernel.request', function thrower() { throw new Error('no route'); }, 32);
    dispatcher.addListener('kernel.request', function afterwards() {}, 16);
    assert.throws(() => dispatcher.dispatch(new Event(), 'kernel.request'), /no route/);
    assert.deepEqual(sink.lines, [
      'Notified event "kernel.request" to listener "first".',
      'Notified event "kernel.request" to listener "thrower".',
    ]);
  });

  it('writes a nested dispatch\'s lines before the outer event\'s', async () => {
    const { sink, dispatcher } = setup();
    dispatcher.addListener('inner', function innerListener() {});
    dispatcher.addListener('outer', async function outerListener() {
      await dispatcher.dispatch(new Event(), 'inner');
    });
    await dispatcher.dispatch(new Event(), 'outer');
    assert.deepEqual(sink.lines, [
      'Notified event "inner" to listener "innerListener".',
      'Notified event "outer" to listener "outerListener".',
    ]);
  });

  it('logs that an already stopped event calls nobody', () => {
    const { sink, dispatcher } = setup();
    dispatcher.addListener('e', () => {});
    const event = new Event();
    event.stopPropagation();
    dispatcher.dispatch(event, 'e');
    assert.deepEqual(sink.lines, ['The "e" event is already stopped. No listeners have been called.']);
  });

  it('records called and not-called listeners with durations per request, and orphaned events', async () => {
    const inner = new EventDispatcher();
    const stack = new RequestStack();
    const dispatcher = new TraceableEventDispatcher(inner, undefined, stack);
    dispatcher.addListener('used', async function slow() { await new Promise((r) => setTimeout(r, 15)); });
    dispatcher.addListener('unused', function idle() {});
    const request = {};
    await stack.runMain(request, async () => {
      await dispatcher.dispatch(new Event(), 'used');
      dispatcher.dispatch(new Event(), 'nobody-listens');
    });
    const called = dispatcher.getCalledListeners(request);
    assert.equal(called.length, 1);
    assert.equal(called[0]!.listener, 'slow');
    assert.ok(called[0]!.duration >= 10, `duration ${called[0]!.duration}`);
    assert.deepEqual(dispatcher.getNotCalledListeners(request), [{ event: 'unused', listener: 'idle', priority: 0 }]);
    assert.deepEqual(dispatcher.getOrphanedEvents(request), ['nobody-listens']);
    assert.deepEqual(dispatcher.getCalledListeners({}), []);
  });
});

describe('TraceableEventDispatcher listing of listeners not called', () => {
  it('lists the listeners added or removed since an earlier listing', () => {
    const { dispatcher } = setup();
    const late = [new Late(), 'never'] as const;
    dispatcher.addListener('e', function first() {}, 5);
    assert.deepEqual(dispatcher.getNotCalledListeners(), [{ event: 'e', listener: 'first', priority: 5 }]);
    dispatcher.addListener('e', late, 9);
    assert.deepEqual(dispatcher.getNotCalledListeners(), [
      { event: 'e', listener: 'Late::never', priority: 9 },
      { event: 'e', listener: 'first', priority: 5 },
    ]);
    dispatcher.removeListener('e', late);
    assert.deepEqual(dispatcher.getNotCalledListeners(), [{ event: 'e', listener: 'first', priority: 5 }]);
  });

  it('lists the listeners a subscriber brings or takes away since an earlier listing', () => {
    class Subscriber implements EventSubscriber {
      getSubscribedEvents(): SubscribedEvents {
        return { a: ['onA', 3], b: 'onB' };
      }
      onA(): void {}
      onB(): void {}
    }
    const { dispatcher } = setup();
    dispatcher.addListener('b', function first() {}, 5);
    assert.deepEqual(dispatcher.getNotCalledListeners(), [{ event: 'b', listener: 'first', priority: 5 }]);
    const subscriber = new Subscriber();
    dispatcher.addSubscriber(subscriber);
    assert.deepEqual(dispatcher.getNotCalledListeners(), [
      { event: 'a', listener: 'Subscriber::onA', priority: 3 },
      { event: 'b', listener: 'first', priority: 5 },
      { event: 'b', listener: 'Subscriber::onB', priority: 0 },
    ]);
    dispatcher.removeSubscriber(subscriber);
    assert.deepEqual(dispatcher.getNotCalledListeners(), [{ event: 'b', listener: 'first', priority: 5 }]);
  });

  it('leaves out, request by request, the listeners each called, from a listing made once', () => {
    const { dispatcher } = setup();
    const stack = new RequestStack();
    const traced = new TraceableEventDispatcher(new EventDispatcher(), undefined, stack);
    traced.addListener('a', function onA() {});
    traced.addListener('b', function onB() {});
    const first = {};
    const second = {};
    stack.runMain(first, () => traced.dispatch(new Event(), 'a'));
    stack.runMain(second, () => traced.dispatch(new Event(), 'b'));
    assert.deepEqual(traced.getNotCalledListeners(first), [{ event: 'b', listener: 'onB', priority: 0 }]);
    assert.deepEqual(traced.getNotCalledListeners(second), [{ event: 'a', listener: 'onA', priority: 0 }]);
    const listed = traced.getNotCalledListeners(first);
    listed[0]!.priority = 99;
    assert.deepEqual(traced.getNotCalledListeners(first), [{ event: 'b', listener: 'onB', priority: 0 }], 'a listing changed by its reader changes none given later');
    assert.deepEqual(dispatcher.getNotCalledListeners(), []);
  });

  it('gives a listener registered twice for an event the priority the dispatcher reports for it', () => {
    const { dispatcher, inner } = setup();
    const listener = function twice(): void {};
    dispatcher.addListener('e', listener, 10);
    dispatcher.addListener('e', listener, 20);
    const priority = inner.getListenerPriority('e', listener);
    assert.deepEqual(dispatcher.getNotCalledListeners(), [
      { event: 'e', listener: 'twice', priority },
      { event: 'e', listener: 'twice', priority },
    ]);
  });
});

describe('TraceableEventDispatcher timings', () => {
  it('records how long a listener ran before it threw', () => {
    const inner = new EventDispatcher();
    const stack = new RequestStack();
    const dispatcher = new TraceableEventDispatcher(inner, undefined, stack);
    dispatcher.addListener('e', function slowThrower() {
      const until = Date.now() + 15;
      while (Date.now() < until);
      throw new Error('no route');
    });
    assert.throws(() => dispatcher.dispatch(new Event(), 'e'));
    const [call] = dispatcher.getCalledListeners();
    assert.ok(call!.duration >= 10, `duration ${call!.duration}`);
  });
});
