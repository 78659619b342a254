import type { Request } from '../http/request.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';

/**
 * A controller argument whose value is made just before the controller is called, after
 * kernel.controller_arguments: a request body is read and validated only once the access
 * checks of that event have let the client through (an anonymous client gets the 401, not
 * a 422 about its body), as Symfony's payload resolver does in its own listener of that
 * event. A listener that answers in place of the controller drops it unsettled.
 */
export abstract class DeferredArgument {
  abstract settle(request: Request): MaybePromise<unknown>;
}

/** The arguments with every deferred one settled: the same array when there is none, a promise only when a settling is one. */
export function settleArguments(args: unknown[], request: Request): MaybePromise<unknown[]> {
  let settled: unknown[] | undefined;
  let pending = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!(arg instanceof DeferredArgument)) continue;
    settled ??= [...args];
    settled[i] = arg.settle(request);
    if (isThenable(settled[i])) pending = true;
  }
  if (settled === undefined) return args;
  return pending ? Promise.all(settled) : settled;
}
