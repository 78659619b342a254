import { AsyncContext } from '../support/async-context.ts';

/**
 * The requests being handled, per main request.
 *
 * Node serves many requests at once, so "the current request" cannot be a process-wide
 * stack as it is in PHP. Each main request gets its own stack, carried through every
 * await of its handling; sub-requests (the error page) push onto the stack of the main
 * request that started them.
 *
 * The carrier is AsyncContext (src/support/async-context.ts), not Node 20's
 * AsyncLocalStorage, whose init hook made every request pay for each async resource node
 * creates, synchronous ones included. It reaches every timer, promise and callback a request's
 * handling starts while that handling runs, which is what the loggers and answering the
 * request whose timer threw (DebugHandlersListener) depend on.
 */
export class RequestStack<R extends object = object> {
  readonly #storage = new AsyncContext<R[]>();

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
