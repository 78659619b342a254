import type { EventMap } from './event-map.ts';

/** One event's listeners in a subscriber: a method, a method and priority, or several. */
type ListenerSpec<M extends string> = M | readonly [M, number?] | ReadonlyArray<readonly [M, number?]>;

/**
 * The names of T's methods that can listen to event E: those taking no argument, or
 * whose first parameter accepts E (a method for `ResponseEvent` cannot be given a
 * `RequestEvent`).
 */
export type ListenerMethodOf<T, E> = {
  [K in keyof T & string]: T[K] extends (...args: infer P) => unknown ? (P extends [] ? K : [E] extends [P[0]] ? K : never) : never;
}[keyof T & string];

/**
 * An object that tells which of its methods listen to which events:
 * `{ 'kernel.request': 'onKernelRequest' }`, `{ 'kernel.response': ['onResponse', -128] }`,
 * or several per event: `{ 'kernel.exception': [['log', 0], ['render', -128]] }`.
 *
 * With the subscriber's class, `SubscribedEvents<ThisListener>`, only the events of the
 * event map are allowed and each method name is checked at compile time: it must exist
 * on the class and accept that event's class.
 *
 * ```ts
 * getSubscribedEvents(): SubscribedEvents<SecurityHeadersListener> {
 *   return { 'kernel.response': 'onKernelResponse' }; // a typo, or a RequestEvent parameter, fails to compile
 * }
 * ```
 */
export type SubscribedEvents<T = undefined> = [T] extends [undefined]
  ? Record<string, ListenerSpec<string>>
  : { readonly [K in keyof EventMap & string]?: ListenerSpec<ListenerMethodOf<T, EventMap[K]>> };

export interface EventSubscriber {
  getSubscribedEvents(): SubscribedEvents | SubscribedEvents<object>;
}

/** Flattens a subscriber's declaration into (event, method, priority) triples, in declaration order. */
export function* subscriptions(subscriber: EventSubscriber): Generator<[string, string, number]> {
  const declared = subscriber.getSubscribedEvents() as SubscribedEvents;
  for (const [eventName, spec] of Object.entries(declared)) {
    if (spec === undefined) continue;
    if (typeof spec === 'string') yield [eventName, spec, 0];
    else if (typeof spec[0] === 'string') yield [eventName, spec[0], (spec[1] as number | undefined) ?? 0];
    else for (const [method, priority] of spec as ReadonlyArray<readonly [string, number?]>) yield [eventName, method, priority ?? 0];
  }
}
