import { createHook, executionAsyncId, executionAsyncResource } from 'node:async_hooks';
import { isThenable } from '../event-dispatcher/listener.ts';

/**
 * A value carried through the asynchronous work started while it is set: AsyncLocalStorage's
 * `run`, `enterWith` and `getStore`, built to cost nothing on a request that is handled
 * synchronously.
 *
 * Why not AsyncLocalStorage: on Node 20 it copies its store onto every async resource node
 * makes, in every context, through an init hook: a megamorphic property load and a store
 * that adds a property (a map transition) per resource. A served `GET` makes about eleven
 * resources (ten process.nextTick objects, the keep-alive timer), nearly all of them in the
 * socket's context, after the handling is over, so a simple `GET` paid for them in a
 * sizeable share of its instructions (see bench/RESULTS.md).
 *
 * How this one works:
 * - `run` does not touch the current async resource: during its synchronous extent the
 *   frame is kept in a variable, recognised by the async id it runs in (a typed-array read).
 * - The init hook gives a new resource the frame of the context that creates it, kept in a
 *   WeakMap (the resource is the key, nothing is added to it). It does so only while some
 *   context is being handled: inside a `run`, or while the promise a `run` returned is
 *   pending. At other times it returns at once, so the resources node makes for a request
 *   answered synchronously cost the hook call and nothing more.
 *
 * The one difference from AsyncLocalStorage follows from the last point. Work that outlives
 * its `run` (a timer a synchronous handling started, a callback that fires after the
 * returned promise settled) still sees the value in its own callback, but what that
 * callback starts does not inherit it, unless another context is being handled then.
 * A request's context ends with its handling; the request stack needs no more.
 */
export class AsyncContext<T> {
  /** Runs `fn` with `value` as this context's value; a promise `fn` returns keeps it set for the work it waits on. */
  run<R>(value: T, fn: () => R): R {
    enable();
    const previousFrame = runFrame;
    const previousAsyncId = runAsyncId;
    runFrame = { context: this, value, outer: currentFrame() };
    runAsyncId = executionAsyncId();
    extents++;
    let result: R | undefined;
    try {
      result = fn();
    } finally {
      runFrame = previousFrame;
      runAsyncId = previousAsyncId;
      extents--;
    }
    if (!isThenable(result)) return result as R;
    pending++;
    // the caller gets the same outcome, rejection included, once the count is down
    return result.then(
      (value: unknown) => {
        pending--;
        return value;
      },
      (error: unknown) => {
        pending--;
        throw error;
      },
    ) as R;
  }

  /**
   * Sets the value for the rest of the current synchronous execution and for what it
   * starts; inside a `run`, only until that run ends. Outside any run it stays set on the
   * current async resource, and from then on every resource inherits its creator's frame.
   */
  enterWith(value: T): void {
    enable();
    const frame: Frame = { context: this, value, outer: currentFrame() };
    if (runAsyncId !== NONE && executionAsyncId() === runAsyncId) {
      runFrame = frame;
      return;
    }
    entered = true;
    stored = true;
    frames.set(executionAsyncResource(), frame);
  }

  getStore(): T | undefined {
    for (let frame = currentFrame(); frame !== undefined; frame = frame.outer) {
      if (frame.context === this) return frame.value as T;
    }
    return undefined;
  }
}

/**
 * The values set where a resource was made: the innermost first, then the ones it
 * shadows. A run adds one frame in front, so nothing is copied; a context's value is the
 * first frame that names it (there are rarely more than one or two).
 */
interface Frame {
  readonly context: object;
  readonly value: unknown;
  readonly outer: Frame | undefined;
}

const NONE = -1;
/** The frames the async resources made in a context carry. */
const frames = new WeakMap<object, Frame>();
/** The frame of the innermost `run`'s synchronous extent, and the async id it runs in. */
let runFrame: Frame | undefined;
let runAsyncId = NONE;
/** `run`s on the stack, promises they returned still pending. */
let extents = 0;
let pending = 0;
/** Whether `enterWith` set a frame outside any run: resources always inherit from then on. */
let entered = false;
/** Whether any resource carries a frame; until one does, no lookup is needed. */
let stored = false;

function currentFrame(): Frame | undefined {
  if (runAsyncId !== NONE && executionAsyncId() === runAsyncId) return runFrame;
  return stored ? frames.get(executionAsyncResource()) : undefined;
}

const hook = createHook({
  init(_asyncId, _type, _triggerAsyncId, resource: object) {
    if (extents === 0 && pending === 0 && !entered) return;
    const frame = currentFrame();
    if (frame === undefined) return;
    stored = true;
    frames.set(resource, frame);
  },
});
let enabled = false;

function enable(): void {
  if (enabled) return;
  enabled = true;
  hook.enable();
}
