import type { EventDispatcherInterface } from './event-dispatcher-interface.ts';
import type { EventFor } from './event-map.ts';
import { callTarget, isThenable, sameListener, type Listener, type ListenerFunction } from './listener.ts';
import { subscriptions, type EventSubscriber } from './event-subscriber.ts';
import { compileDispatch, type CompiledListener, type DispatchFunction } from './compiled-dispatch.ts';

/** A registered listener: the original (for removal and naming), its callable, and what the compiled dispatch calls. */
export interface ListenerEntry extends CompiledListener {
  readonly listener: Listener<never>;
  readonly callable: ListenerFunction<object>;
  readonly priority: number;
}

interface Stoppable {
  propagationStopped?: boolean;
}

const nobodyListens: DispatchFunction = (event) => event;

/**
 * Calls listeners by priority, highest first; equal priorities run in the order they were
 * added. Each event's listeners are called by a function generated for them
 * (compileDispatch) once the same listeners are dispatched a second time, and kept until
 * a listener of that event is added or removed; until then, and for an application that
 * changes an event's listeners between every two dispatches, a loop calls them, so a
 * change never costs more than sorting. A dispatch does no sorting and no allocation
 * when listeners are sync. Listeners added or removed during a dispatch take effect from
 * the next one.
 */
export class EventDispatcher implements EventDispatcherInterface {
  readonly #listeners = new Map<string, ListenerEntry[]>();
  readonly #sorted = new Map<string, ListenerEntry[]>();
  /** Each event's generated dispatch; `null` while its listeners were dispatched once since they changed. */
  readonly #compiled = new Map<string, DispatchFunction | null>();
  #changes = 0;

  dispatch<E extends object>(event: E, eventName: string): E | Promise<E> {
    const run = this.#compiled.get(eventName);
    if (run !== undefined && run !== null) return run(event, eventName, this) as E | Promise<E>;
    const entries = this.getSortedEntries(eventName);
    if (run === null || entries.length === 0) return this.#compile(eventName, entries)(event, eventName, this) as E | Promise<E>;
    this.#compiled.set(eventName, null);
    return this.#loop(entries, event, eventName);
  }

  #compile(eventName: string, entries: readonly ListenerEntry[]): DispatchFunction {
    // an event nobody listens to (a name made per call, say) costs no code generation
    const run = entries.length === 0 ? nobodyListens : compileDispatch(entries, (pending, from, event, name) => this.#continue(pending, entries, from, event, name));
    this.#compiled.set(eventName, run);
    return run;
  }

  /** The first dispatch of listeners that changed: the same calls as the generated function, in a loop. */
  #loop<E extends object>(entries: readonly ListenerEntry[], event: E, eventName: string): E | Promise<E> {
    const stoppable = event as Stoppable;
    for (let i = 0; i < entries.length; i++) {
      if (stoppable.propagationStopped === true) break;
      const result = entries[i]!.callable(event, eventName, this);
      if (isThenable(result)) return this.#continue(result, entries, i + 1, event, eventName);
    }
    return event;
  }

  /** The rest of a dispatch after a listener went async; the same loop, awaiting thenables. */
  async #continue<E extends object>(pending: PromiseLike<unknown>, entries: readonly ListenerEntry[], from: number, event: E, eventName: string): Promise<E> {
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
    const { fn, target } = callTarget(listener as Listener<object>);
    const callable = target === undefined ? fn : fn.bind(target);
    const entry: ListenerEntry = { listener: listener as Listener<never>, callable, fn, target, priority };
    const list = this.#listeners.get(eventName);
    if (list === undefined) this.#listeners.set(eventName, [entry]);
    else list.push(entry);
    this.#forget(eventName);
  }

  removeListener<K extends string>(eventName: K, listener: Listener<EventFor<K>>): void {
    const list = this.#listeners.get(eventName);
    if (list === undefined) return;
    const index = list.findIndex((entry) => sameListener(entry.listener, listener as Listener<never>));
    if (index === -1) return;
    list.splice(index, 1);
    if (list.length === 0) this.#listeners.delete(eventName);
    this.#forget(eventName);
  }

  /**
   * How many times a listener was added or removed so far: what a reader worked out of
   * the listeners (the debug dispatcher's listing of every listener) holds while this
   * stays the same.
   */
  get changeCount(): number {
    return this.#changes;
  }

  /** The listeners of an event changed: its sorted list and its dispatch function are made again when next needed. */
  #forget(eventName: string): void {
    this.#changes++;
    this.#sorted.delete(eventName);
    this.#compiled.delete(eventName);
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
