import type { EventFor } from './event-map.ts';
import type { Listener } from './listener.ts';
import type { EventSubscriber } from './event-subscriber.ts';

export interface EventDispatcherInterface {
  /**
   * Calls the event's listeners, highest priority first. Returns the event itself when
   * every listener was synchronous, or a promise of it once one returned a thenable.
   * A listener ends the dispatch by setting the event's `propagationStopped` (an Event's
   * `stopPropagation()`); an event that comes with it set reaches no listener.
   */
  dispatch<E extends object>(event: E, eventName: string): E | Promise<E>;
  addListener<K extends string>(eventName: K, listener: Listener<EventFor<K>>, priority?: number): void;
  removeListener<K extends string>(eventName: K, listener: Listener<EventFor<K>>): void;
  addSubscriber(subscriber: EventSubscriber): void;
  removeSubscriber(subscriber: EventSubscriber): void;
  /** Listeners of one event in call order. */
  getListeners(eventName: string): Listener<never>[];
  /** Every event with listeners, each in call order. */
  getAllListeners(): Map<string, Listener<never>[]>;
  getListenerPriority(eventName: string, listener: Listener<never>): number | undefined;
  hasListeners(eventName?: string): boolean;
}
