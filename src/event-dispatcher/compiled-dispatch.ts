import type { EventDispatcherInterface } from './event-dispatcher-interface.ts';
import { isThenable, type ListenerFunction } from './listener.ts';

/** One listener as the generated code calls it: the function, and the object it is a method of. */
export interface CompiledListener {
  readonly fn: ListenerFunction<object>;
  /** `this` for the call: the object of an `[object, 'method']` listener, else undefined. */
  readonly target: object | undefined;
}

/** One event's listeners in one call: the event, or a promise of it once a listener went async. */
export type DispatchFunction = (event: object, eventName: string, dispatcher: EventDispatcherInterface) => object | Promise<object>;

/** The rest of a dispatch after the listener at `from - 1` returned `pending`. */
export type AsyncRest = (pending: PromiseLike<unknown>, from: number, event: object, eventName: string) => Promise<object>;

/**
 * Builds, for one event's listeners in call order, a function that calls each of them in
 * turn, as straight-line code of its own (`new Function`; like the router's parameter
 * builders, so the framework needs a runtime that allows code generation).
 *
 * Why generated code: a loop shared by every event calls forty-odd listeners from one call
 * site, through bound functions, and reads `propagationStopped` of seven kernel event
 * classes at one site; V8 can then neither inline a listener nor specialize anything to
 * the event's class, and each read takes its slow, megamorphic path. Each generated
 * function has call sites and reads of its own, one listener and one event class each,
 * so V8 calls each listener directly, inlines the small ones and reads the flag directly.
 * Measured on the kernel alone (bench/kernel-micro), /hello and the 404 take less time
 * so. The source holds only indices, never a name or any other text from the application.
 *
 * A listener's promise hands the rest of the dispatch to `rest`; a listener that stopped
 * the event's propagation ends it; an event that comes already stopped reaches no listener.
 */
export function compileDispatch(listeners: readonly CompiledListener[], rest: AsyncRest): DispatchFunction {
  const names = ['isThenable', 'rest'];
  const values: unknown[] = [isThenable, rest];
  let body = 'if (event.propagationStopped === true) return event;\nlet result;\n';
  listeners.forEach((listener, i) => {
    names.push(`f${i}`, `t${i}`);
    values.push(listener.fn, listener.target);
    body += `result = f${i}.call(t${i}, event, eventName, dispatcher);\n`;
    body += `if (result !== undefined && isThenable(result)) return rest(result, ${i + 1}, event, eventName);\n`;
    if (i < listeners.length - 1) body += 'if (event.propagationStopped === true) return event;\n';
  });
  body += 'return event;\n';
  const factory = new Function(...names, `return function dispatch(event, eventName, dispatcher) {\n${body}};`) as (...args: unknown[]) => DispatchFunction;
  return factory(...values);
}
