import type { EventDispatcherInterface } from './event-dispatcher-interface.ts';
import type { EventFor } from './event-map.ts';
import { isThenable, sameListener, toCallable, type Listener, type ListenerFunction } from './listener.ts';
import { subscriptions, type EventSubscriber } from './event-subscriber.ts';
import { propagationStops } from './event.ts';

/** A registered listener: the original (for removal and naming) and its callable. */
export interface ListenerEntry {
  readonly listener: Listener<never>;
  readonly callable: ListenerFunction<object>;
  readonly priority: number;
}

interface Stoppable {
  propagationStopped?: boolean;
}

function isStopped(event: Stoppable): boolean {
  return event.propagationStopped === true;
}

/**
 * Calls listeners by priority, highest first; equal priorities run in the order they were
 * added. The sorted list of each event is cached until a listener of that event is added
 * or removed, so a dispatch does no sorting and no allocation when listeners are sync.
 */
export class EventDispatcher implements EventDispatcherInterface {
  readonly #listeners = new Map<string, ListenerEntry[]>();
  readonly #sorted = new Map<string, ListenerEntry[]>();

  dispatch<E extends object>(event: E, eventName: string): E | Promise<E> {
    const entries = this.#sorted.get(eventName) ?? this.getSortedEntries(eventName);
    const stoppable = event as Stoppable;
    if (isStopped(stoppable)) return event;
    const stopsBefore = propagationStops();
    for (let i = 0; i < entries.length; i++) {
      const result = entries[i]!.callable(event, eventName, this);
      if (isThenable(result)) return this.#continue(result, entries, i + 1, event, eventName);
      // the event's flag is read only once some event was stopped (see propagationStops)
      if (propagationStops() !== stopsBefore && isStopped(stoppable)) break;
    }
    return event;
  }

  /** The rest of a dispatch after a listener went async; the same loop, awaiting thenables. */
  async #continue<E extends object>(pending: PromiseLike<unknown>, entries: ListenerEntry[], from: number, event: E, eventName: string): Promise<E> {
    await pending;
    const stoppable = event as Stoppable;
    for (let i = from; i < entries.length; i++) {
      if (stoppable.propagationStopped === true) break;
      const result = entries[i]!.callable(event, eventName, this);
      if (isThenable(result)) await result;
    }
    return event;
  }

  addListener<K extends string>(eventName: K, listener: Listener<EventFor<K>>, priority = 0): void {
    const entry: ListenerEntry = { listener: listener as Listener<never>, callable: toCallable(listener as Listener<object>), priority };
    const list = this.#listeners.get(eventName);
    if (list === undefined) this.#listeners.set(eventName, [entry]);
    else list.push(entry);
    this.#sorted.delete(eventName);
  }

  removeListener<K extends string>(eventName: K, listener: Listener<EventFor<K>>): void {
    const list = this.#listeners.get(eventName);
    if (list === undefined) return;
    const index = list.findIndex((entry) => sameListener(entry.listener, listener as Listener<never>));
    if (index === -1) return;
    list.splice(index, 1);
    if (list.length === 0) this.#listeners.delete(eventName);
    this.#sorted.delete(eventName);
  }

  addSubscriber(subscriber: EventSubscriber): void {
    for (const [eventName, method, priority] of subscriptions(subscriber)) this.addListener(eventName, [subscriber, method], priority);
  }

  removeSubscriber(subscriber: EventSubscriber): void {
    for (const [eventName, method] of subscriptions(subscriber)) this.removeListener(eventName, [subscriber, method]);
  }

  /** The entries of one event in call order (cached). */
  getSortedEntries(eventName: string): ListenerEntry[] {
    let sorted = this.#sorted.get(eventName);
    if (sorted === undefined) {
      const list = this.#listeners.get(eventName) ?? [];
      // Array.prototype.sort is stable, so equal priorities keep their registration order.
      sorted = [...list].sort((a, b) => b.priority - a.priority);
      this.#sorted.set(eventName, sorted);
    }
    return sorted;
  }

  getListeners(eventName: string): Listener<never>[] {
    return this.getSortedEntries(eventName).map((entry) => entry.listener);
  }

  getAllListeners(): Map<string, Listener<never>[]> {
    const all = new Map<string, Listener<never>[]>();
    for (const eventName of [...this.#listeners.keys()].sort()) all.set(eventName, this.getListeners(eventName));
    return all;
  }

  getListenerPriority(eventName: string, listener: Listener<never>): number | undefined {
    return this.#listeners.get(eventName)?.find((entry) => sameListener(entry.listener, listener))?.priority;
  }

  hasListeners(eventName?: string): boolean {
    if (eventName === undefined) return this.#listeners.size > 0;
    return (this.#listeners.get(eventName)?.length ?? 0) > 0;
  }
}
