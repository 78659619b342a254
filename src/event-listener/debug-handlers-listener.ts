import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { RequestEvent } from '../event/request-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import type { ErrorHandler, DeprecationSink } from '../error-handler/error-handler.ts';
import { Priority } from './priorities.ts';

export interface DebugHandlersOptions {
  /** The process-wide handler to configure (none: nothing to do, as in prod without Debug.enable()). */
  errorHandler: ErrorHandler | undefined;
  /** The `php` channel logger. */
  logger: DeprecationSink;
  /**
   * Replay the boot-time deprecations at the start of every main request (debug), so
   * each request's log shows them as a PHP application's does; otherwise once.
   */
  replayEachRequest: boolean;
}

/**
 * Configures the error handler on the first main request: from then on deprecations go
 * to the `php` channel instead of the boot buffer, and the buffered boot-time notices
 * are written at the start of the request's log.
 */
export class DebugHandlersListener implements EventSubscriber {
  readonly #options: DebugHandlersOptions;
  #configured = false;

  constructor(options: DebugHandlersOptions) {
    this.#options = options;
  }

  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.REQUEST]: ['configure', Priority.DEBUG_HANDLERS_CONFIGURE] };
  }

  configure(event?: RequestEvent): void {
    if (event !== undefined && !event.isMainRequest()) return;
    const { errorHandler, logger, replayEachRequest } = this.#options;
    if (errorHandler === undefined) return;
    if (!this.#configured) {
      this.#configured = true;
      errorHandler.setDefaultLogger(logger);
      errorHandler.replayBootDeprecations(logger);
      return;
    }
    if (replayEachRequest) errorHandler.replayBootDeprecations(logger);
  }
}
