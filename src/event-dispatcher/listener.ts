import type { EventDispatcherInterface } from './event-dispatcher-interface.ts';

export type ListenerResult = void | undefined | PromiseLike<unknown>;

/** A listener function; it may return a promise, which is then awaited before the next listener. */
export type ListenerFunction<E = object> = (event: E, eventName: string, dispatcher: EventDispatcherInterface) => ListenerResult;

/** `[object, 'method']`: the form whose name the logs show as `Class::method`. */
export type ListenerTuple = readonly [object, string];

export type Listener<E = object> = ListenerFunction<E> | ListenerTuple;

/**
 * The name a log shows for a listener, as the reference's WrappedListener: `Class::method`
 * for a tuple, `Class::__invoke` for an invokable object, the function's name, or `closure`.
 */
export function listenerName(listener: Listener<never>): string {
  if (typeof listener === 'function') {
    const named = (listener as { listenerName?: string }).listenerName;
    if (named !== undefined) return named;
    const name = listener.name.replace(/^bound /, '');
    return name === '' || name === 'anonymous' ? 'closure' : name;
  }
  const [target, method] = listener;
  const className = typeof target === 'function' ? (target as { name: string }).name : target.constructor.name;
  return `${className}::${method}`;
}

/**
 * The function a listener runs and the object it runs on (a tuple's object; none for a
 * function), the method looked up once, now. A tuple naming no method is refused.
 */
export function callTarget<E>(listener: Listener<E>): { fn: ListenerFunction<E>; target: object | undefined } {
  if (typeof listener === 'function') return { fn: listener, target: undefined };
  const [target, method] = listener;
  const fn = (target as Record<string, unknown>)[method];
  if (typeof fn !== 'function') {
    throw new TypeError(`Listener "${listenerName(listener)}" is not callable: "${method}" is not a method.`);
  }
  return { fn: fn as ListenerFunction<E>, target };
}

export function sameListener(a: Listener<never>, b: Listener<never>): boolean {
  if (a === b) return true;
  return typeof a !== 'function' && typeof b !== 'function' && a[0] === b[0] && a[1] === b[1];
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return value !== undefined && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
