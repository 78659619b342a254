import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ExceptionEvent } from '../event/exception-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { AccessDeniedHttpException } from '../exception/access-denied-http-exception.ts';
import { AccessDeniedException } from '../security/exception/access-denied-exception.ts';
import type { Security } from '../security/security.ts';
import type { Request } from '../http/request.ts';
import type { EventDispatcherInterface } from '../event-dispatcher/event-dispatcher-interface.ts';
import type { Logger } from '../log/logger.ts';

/** Before ErrorListener (0): a refused access becomes the entry point's answer, not an error page. */
export const SECURITY_EXCEPTION_PRIORITY = 1;

/**
 * The firewall's exception listener (the reference's Security\Http\Firewall\ExceptionListener).
 * As there, it listens only while a request the firewall ran for is being handled: from
 * the first security question of a main request (`activate`) until that request is over
 * (`release`); a request that never reached security (a 404 from routing) does not see
 * it on kernel.exception. Requests handled at the same time share the registration.
 *
 * It
 * turns an AccessDeniedException anywhere in the error's cause chain into a 403
 * (AccessDeniedHttpException). A client not fully authenticated is sent to the entry point
 * (login redirect or 401 challenge), which answers the request and stops propagation, so
 * the error is neither logged as uncaught nor rendered; a logged-in user goes on to the
 * 403 error page.
 */
export class ExceptionListener implements EventSubscriber {
  #security: Security | undefined;
  readonly #logger: Logger | undefined;
  readonly #dispatcher: EventDispatcherInterface;
  readonly #active = new Set<Request>();

  constructor(dispatcher: EventDispatcherInterface, logger?: Logger) {
    this.#dispatcher = dispatcher;
    this.#logger = logger;
  }

  /** The security this listener asks (set once both exist: they refer to each other). */
  set security(security: Security) {
    this.#security = security;
  }

  /** The firewall runs for `request`: listen to kernel.exception until it is released. */
  activate(request: Request): void {
    if (this.#active.size === 0) this.#dispatcher.addSubscriber(this);
    this.#active.add(request);
  }

  /** `request` is over (after kernel.terminate): stop listening once no active request is left. */
  release(request: Request): void {
    if (!this.#active.delete(request)) return;
    if (this.#active.size === 0) this.#dispatcher.removeSubscriber(this);
  }

  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.EXCEPTION]: ['onKernelException', SECURITY_EXCEPTION_PRIORITY] };
  }

  onKernelException(event: ExceptionEvent): void | Promise<void> {
    const denied = accessDeniedIn(event.throwable);
    if (denied === undefined) return;
    return this.#handleAccessDenied(event, denied);
  }

  async #handleAccessDenied(event: ExceptionEvent, denied: AccessDeniedException): Promise<void> {
    event.setThrowable(new AccessDeniedHttpException(denied.message, { cause: denied }));
    const security = this.#security!;
    const token = await security.getToken(event.request);
    if (token.isFullyAuthenticated) {
      this.#logger?.debug('Access denied, the user is neither anonymous, nor remember-me.', { exception: denied });
      return;
    }
    this.#logger?.debug('Access denied, the user is not fully authenticated; redirecting to authentication entry point.', { exception: denied });
    try {
      event.setResponse(await security.startAuthentication(event.request, denied));
    } catch (error) {
      event.setThrowable(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

function accessDeniedIn(error: unknown): AccessDeniedException | undefined {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    if (current instanceof AccessDeniedException) return current;
    seen.add(current);
  }
  return undefined;
}
