import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The requests being handled, per main request.
 *
 * Node serves many requests at once, so "the current request" cannot be a process-wide
 * stack as it is in PHP. Each main request gets its own stack, carried by
 * AsyncLocalStorage through every await of its handling; sub-requests (the error page)
 * push onto the stack of the main request that started them.
 *
 * On Node 20 this has a price on every request, synchronous ones included: with an
 * AsyncLocalStorage in use, node runs an init hook for each async resource it makes (a
 * served GET makes about eleven: ten process.nextTick objects and the keep-alive timer),
 * about a tenth of the instructions of a `GET /hello`. Carrying the stack through
 * promises alone (v8.promiseHooks) costs nothing on a synchronous request, but it loses
 * the stack in timers and other callbacks, and answering the request whose timer threw
 * (DebugHandlersListener) depends on it there. Node 24's AsyncLocalStorage (built on
 * AsyncContextFrame, behind a flag since 22.7) needs no hooks at all.
 */
export class RequestStack<R extends object = object> {
  readonly #storage = new AsyncLocalStorage<R[]>();

  /** Runs `fn` with `main` as the main request of a fresh stack. */
  runMain<T>(main: R, fn: () => T): T {
    return this.#storage.run([main], fn);
  }

  /**
   * Pushes a request onto the current stack. Outside any main request (a test calling
   * the kernel directly) it opens a stack with `enterWith`, so the request is still seen.
   */
  push(request: R): void {
    const stack = this.#storage.getStore();
    if (stack === undefined) this.#storage.enterWith([request]);
    else stack.push(request);
  }

  pop(): R | undefined {
    return this.#storage.getStore()?.pop();
  }

  getCurrentRequest(): R | undefined {
    const stack = this.#storage.getStore();
    return stack === undefined ? undefined : stack[stack.length - 1];
  }

  getMainRequest(): R | undefined {
    return this.#storage.getStore()?.[0];
  }

  /** The request below the current one, or undefined for the main request. */
  getParentRequest(): R | undefined {
    const stack = this.#storage.getStore();
    return stack === undefined || stack.length < 2 ? undefined : stack[stack.length - 2];
  }

  get depth(): number {
    return this.#storage.getStore()?.length ?? 0;
  }
}
