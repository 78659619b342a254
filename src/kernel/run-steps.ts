import { isThenable } from '../event-dispatcher/listener.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';

/**
 * A pipeline written as a generator: each `yield` hands over what a step returned (a
 * dispatch, the controller's result), and the generator gets the settled value back,
 * or the rejection thrown at the `yield`.
 */
export type Steps<T> = Generator<unknown, T, unknown>;

/**
 * Runs `steps` to their end: a yielded value that is not a thenable is handed straight
 * back, so a pipeline whose steps are all synchronous finishes in this call and makes no
 * promise; the first thenable is awaited, and the rest runs after it, in the same order.
 * What the generator throws is thrown (before any promise) or rejects (after).
 */
export function runSteps<T>(steps: Steps<T>): MaybePromise<T> {
  let next = steps.next();
  while (next.done !== true) {
    const value = next.value;
    if (value !== undefined && isThenable(value)) return resumeAfter(steps, value);
    next = steps.next(value);
  }
  return next.value;
}

/** The rest of `steps` once `pending` settles: a value resumes them, a rejection is thrown into them at their `yield`. */
async function resumeAfter<T>(steps: Steps<T>, pending: PromiseLike<unknown>): Promise<T> {
  let value: unknown = pending;
  for (;;) {
    let next: IteratorResult<unknown, T>;
    if (value === undefined || !isThenable(value)) {
      next = steps.next(value);
    } else {
      let settled: unknown;
      let rejected = false;
      try {
        settled = await value;
      } catch (reason) {
        rejected = true;
        settled = reason;
      }
      next = rejected ? steps.throw(settled) : steps.next(settled);
    }
    if (next.done === true) return next.value;
    value = next.value;
  }
}
