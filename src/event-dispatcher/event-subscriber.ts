/**
 * An object that tells which of its methods listen to which events:
 * `{ 'kernel.request': 'onKernelRequest' }`, `{ 'kernel.response': ['onResponse', -128] }`,
 * or several per event: `{ 'kernel.exception': [['log', 0], ['render', -128]] }`.
 */
export type SubscribedEvents = Record<string, string | readonly [string, number?] | ReadonlyArray<readonly [string, number?]>>;

export interface EventSubscriber {
  getSubscribedEvents(): SubscribedEvents;
}

/** Flattens a subscriber's declaration into (event, method, priority) triples, in declaration order. */
export function* subscriptions(subscriber: EventSubscriber): Generator<[string, string, number]> {
  for (const [eventName, spec] of Object.entries(subscriber.getSubscribedEvents())) {
    if (typeof spec === 'string') yield [eventName, spec, 0];
    else if (typeof spec[0] === 'string') yield [eventName, spec[0], (spec[1] as number | undefined) ?? 0];
    else for (const [method, priority] of spec as ReadonlyArray<readonly [string, number?]>) yield [eventName, method, priority ?? 0];
  }
}
