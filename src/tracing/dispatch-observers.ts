import type { ListenerCall, TraceableEventDispatcher } from '../event-dispatcher/traceable-event-dispatcher.ts';

export type DispatchObserver = (calls: readonly ListenerCall[], request: object | undefined) => void;

const observers = new WeakMap<TraceableEventDispatcher, Set<DispatchObserver>>();

/**
 * Adds an observer of every finished dispatch (the dispatcher has one `onDispatched` slot;
 * tracing, the profiler's tools and `request --trace` share it through here). Returns the
 * function that removes it.
 */
export function observeDispatches(dispatcher: TraceableEventDispatcher, observer: DispatchObserver): () => void {
  let set = observers.get(dispatcher);
  if (set === undefined) {
    const registered = new Set<DispatchObserver>();
    set = registered;
    observers.set(dispatcher, registered);
    const previous = dispatcher.onDispatched;
    dispatcher.onDispatched = (calls, request) => {
      previous?.(calls, request);
      for (const each of registered) each(calls, request);
    };
  }
  set.add(observer);
  return () => set.delete(observer);
}
