export { Event } from './event.ts';
export type { EventMap, EventFor } from './event-map.ts';
export { EventDispatcher, type ListenerEntry } from './event-dispatcher.ts';
export type { EventDispatcherInterface } from './event-dispatcher-interface.ts';
export { TraceableEventDispatcher, type ListenerCall, type DebugSink } from './traceable-event-dispatcher.ts';
export { listenerName, isThenable, type Listener, type ListenerFunction, type ListenerTuple } from './listener.ts';
export { subscriptions, type EventSubscriber, type SubscribedEvents, type ListenerMethodOf } from './event-subscriber.ts';
export { ForwardingEventDispatcher } from './forwarding-event-dispatcher.ts';
