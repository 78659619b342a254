import type { EventDispatcherInterface } from './event-dispatcher-interface.ts';
import type { EventFor } from './event-map.ts';
import type { Listener } from './listener.ts';
import type { EventSubscriber } from './event-subscriber.ts';

/**
 * The base of dispatcher decorators (tracing, timing): listener registration and listing
 * go to the decorated dispatcher unchanged; a decorator only says how it dispatches.
 */
export abstract class ForwardingEventDispatcher<D extends EventDispatcherInterface> implements EventDispatcherInterface {
  protected readonly inner: D;

  constructor(inner: D) {
    this.inner = inner;
  }

  abstract dispatch<E extends object>(event: E, eventName: string): E | Promise<E>;

  addListener<K extends string>(eventName: K, listener: Listener<EventFor<K>>, priority?: number): void {
    this.inner.addListener(eventName, listener, priority);
  }

  removeListener<K extends string>(eventName: K, listener: Listener<EventFor<K>>): void {
    this.inner.removeListener(eventName, listener);
  }

  addSubscriber(subscriber: EventSubscriber): void {
    this.inner.addSubscriber(subscriber);
  }

  removeSubscriber(subscriber: EventSubscriber): void {
    this.inner.removeSubscriber(subscriber);
  }

  getListeners(eventName: string): Listener<never>[] {
    return this.inner.getListeners(eventName);
  }

  getAllListeners(): Map<string, Listener<never>[]> {
    return this.inner.getAllListeners();
  }

  getListenerPriority(eventName: string, listener: Listener<never>): number | undefined {
    return this.inner.getListenerPriority(eventName, listener);
  }

  hasListeners(eventName?: string): boolean {
    return this.inner.hasListeners(eventName);
  }
}
