import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { RequestEvent } from '../event/request-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import type { ErrorHandler, DeprecationSink, UncaughtErrorHandler } from '../error-handler/error-handler.ts';
import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import type { RequestStack } from '../http/request-stack.ts';
import type { InFlightRequests } from '../http/in-flight-requests.ts';
import { Priority } from './priorities.ts';

/** What answering an uncaught error needs: where requests are, and the kernel's error path. */
export interface UncaughtErrorAnswering {
  requestStack: RequestStack<Request>;
  inFlight: InFlightRequests;
  /** The kernel's exception handling for a main request (HttpKernel.handleUncaughtException). */
  handleException(error: Error, request: Request): Promise<Response>;
}

export interface DebugHandlersOptions {
  /** The process-wide handler to configure (none: nothing to do). */
  errorHandler: ErrorHandler | undefined;
  /** The `php` channel logger. */
  logger: DeprecationSink;
  /**
   * Replay the boot-time deprecations at the start of every main request (debug), so
   * each request's log shows them as a PHP application's does; otherwise once.
   */
  replayEachRequest: boolean;
  /** When given, the process-level handlers are installed and uncaught errors answered. */
  uncaughtErrors?: UncaughtErrorAnswering;
}

/**
 * Configures the error handler on the first main request: from then on deprecations go
 * to the `php` channel instead of the boot buffer, and the buffered boot-time notices
 * are written at the start of the request's log.
 *
 * It also installs the process-level handlers (once): an error that escapes a request's
 * handling (thrown in a timer, an un-awaited rejection) is logged, and if the request
 * whose async context it came from still waits for its response, that request gets the
 * error page through the kernel's exception handling instead of a dropped socket.
 */
export class DebugHandlersListener implements EventSubscriber {
  readonly #options: DebugHandlersOptions;
  #configured = false;
  #uncaughtHandler: UncaughtErrorHandler | undefined;

  constructor(options: DebugHandlersOptions) {
    this.#options = options;
  }

  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.REQUEST]: ['configure', Priority.DEBUG_HANDLERS_CONFIGURE] };
  }

  configure(event?: RequestEvent): void {
    if (event !== undefined && !event.isMainRequest()) return;
    const { errorHandler, logger, replayEachRequest, uncaughtErrors } = this.#options;
    if (errorHandler === undefined) return;
    if (!this.#configured) {
      this.#configured = true;
      errorHandler.setDefaultLogger(logger);
      errorHandler.replayBootDeprecations(logger);
      if (uncaughtErrors !== undefined) this.#installUncaughtHandler(errorHandler, uncaughtErrors);
      return;
    }
    if (replayEachRequest) errorHandler.replayBootDeprecations(logger);
  }

  /** Takes the process-level handlers away again, if this listener installed them (kernel shutdown). */
  dispose(): void {
    const errorHandler = this.#options.errorHandler;
    if (errorHandler === undefined || this.#uncaughtHandler === undefined) return;
    const current = errorHandler.setUncaughtErrorHandler(undefined);
    if (current !== this.#uncaughtHandler) errorHandler.setUncaughtErrorHandler(current);
    else errorHandler.uninstall();
    this.#uncaughtHandler = undefined;
  }

  #installUncaughtHandler(errorHandler: ErrorHandler, answering: UncaughtErrorAnswering): void {
    this.#uncaughtHandler = (error) => answerInFlightRequest(error, answering);
    errorHandler.setUncaughtErrorHandler(this.#uncaughtHandler);
    errorHandler.install();
  }
}

/**
 * The handler runs in the async context of the callback that failed, so the request
 * stack names the main request it belongs to; one already answered is left alone.
 */
function answerInFlightRequest(error: Error, { requestStack, inFlight, handleException }: UncaughtErrorAnswering): void {
  const request = requestStack.getMainRequest();
  if (request === undefined || !inFlight.isWaiting(request)) return;
  inFlight.answer(request, handleException(error, request));
}
