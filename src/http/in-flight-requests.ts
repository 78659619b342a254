import type { Request } from './request.ts';
import type { Response } from './response.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';

type Settle = (answer: Promise<Response>) => void;

/**
 * Main requests still waiting for their response, so that one can be answered from
 * outside its own handling. That happens when an error escapes the handling altogether
 * (thrown in a timer or an un-awaited promise a controller started): the handling may
 * never finish, and the client would wait for nothing. The server tracks each request
 * here; the uncaught-error handler answers it with the error page.
 */
export class InFlightRequests {
  readonly #waiting = new WeakMap<Request, Settle>();

  /**
   * Resolves with the handling's response, or with an answer given first through `answer`.
   * A handling that already has its response (it ran synchronously) is not tracked: it
   * is given back as it is, and nothing can answer it twice.
   */
  track(request: Request, handling: MaybePromise<Response>): MaybePromise<Response> {
    if (!(handling instanceof Promise)) return handling;
    const response = new Promise<Response>((resolve, reject) => {
      this.#waiting.set(request, (answer) => answer.then(resolve, reject));
    });
    // Whichever comes second is dropped; a late failure of the handling is not unhandled.
    const settleWithHandling = (): void => void this.answer(request, handling);
    handling.then(settleWithHandling, settleWithHandling);
    return response;
  }

  isWaiting(request: Request): boolean {
    return this.#waiting.has(request);
  }

  /** Answers a waiting request; false (and nothing done) when it already has its response. */
  answer(request: Request, response: Promise<Response>): boolean {
    const settle = this.#waiting.get(request);
    if (settle === undefined) return false;
    this.#waiting.delete(request);
    settle(response);
    return true;
  }
}
