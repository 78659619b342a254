import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { RequestEvent } from '../event/request-event.ts';
import type { FinishRequestEvent } from '../event/finish-request-event.ts';
import type { ExceptionEvent } from '../event/exception-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import { MethodNotAllowedHttpException } from '../exception/method-not-allowed-http-exception.ts';
import { ResourceNotFoundException } from '../routing/exception/resource-not-found-exception.ts';
import { MethodNotAllowedException } from '../routing/exception/method-not-allowed-exception.ts';
import { NoConfigurationException } from '../routing/exception/no-configuration-exception.ts';
import type { RequestContext } from '../routing/request-context.ts';
import { MatchFailure } from '../routing/match-failure.ts';
import { Response } from '../http/response.ts';
import type { Request } from '../http/request.ts';
import type { Logger } from '../log/logger.ts';
import type { RequestContextStore } from './request-context-store.ts';
import { welcomePage } from './welcome-page.ts';
import { Priority } from './priorities.ts';
import { LazyLogValue } from '../log/lazy-log-value.ts';

/**
 * A stack trace limit that is not a number: V8 then captures no stack at all and the
 * error's `stack` is undefined (Node documents that a non-number limit captures no frame).
 * A limit of 0 still walks the stack to write a one-line `stack`, which made each of the
 * 404's two errors cost about twice as much to construct.
 */
const noStackTrace = undefined as unknown as number;

/** What the listener needs of a router: match a path in a context, the request available to conditions. */
export interface RequestMatcher {
  matchRequest(pathinfo: string, context: RequestContext, request?: unknown): Record<string, unknown>;
  /** The match, or why there is none as a value (MatchFailure); preferred, as it throws nothing. */
  resolveRequest?(pathinfo: string, context: RequestContext, request?: unknown): Record<string, unknown> | MatchFailure;
  /** The routes matched against; the welcome page is for an application with none. */
  getRouteCollection?(): { count(): number };
}

/**
 * Routes the request: sets `_controller`, `_route` and the route's parameters as request
 * attributes, or fails with the reference's 404 / 405 messages. A request that already
 * names its controller (the error sub-request) is left alone.
 */
export class RouterListener implements EventSubscriber {
  readonly #matcher: RequestMatcher;
  readonly #contexts: RequestContextStore;
  readonly #logger: Logger | undefined;
  readonly #debug: boolean;

  constructor(matcher: RequestMatcher, contexts: RequestContextStore, logger?: Logger, debug = false) {
    this.#matcher = matcher;
    this.#contexts = contexts;
    this.#logger = logger;
    this.#debug = debug;
  }

  getSubscribedEvents(): SubscribedEvents {
    return {
      [KernelEvents.REQUEST]: ['onKernelRequest', Priority.ROUTER],
      [KernelEvents.FINISH_REQUEST]: 'onKernelFinishRequest',
      [KernelEvents.EXCEPTION]: ['onKernelException', Priority.ROUTER_EXCEPTION],
    };
  }

  onKernelRequest(event: RequestEvent): void {
    const request = event.request;
    // A request that names its controller needs no routing; its context is built if
    // something (the URL generator) asks for it.
    if (request.attributes.has('_controller')) return;
    const context = this.#contexts.get(request);

    void request.pathInfo; // a malformed percent-encoding is a 400 before any matching
    let parameters: Record<string, unknown>;
    // Outside debug a missing route is an ordinary answer, not a bug to trace: its errors
    // carry no stack (capturing one was the largest single cost of a prod 404). Prod logs
    // drop 404 and 405 entries anyway; one written because a later error in the same
    // request flushed the buffer says "at unknown line 0".
    const stackTraceLimit = Error.stackTraceLimit;
    if (!this.#debug) Error.stackTraceLimit = noStackTrace;
    try {
      if (this.#matcher.resolveRequest === undefined) {
        parameters = this.#matchOrThrow(request, context);
      } else {
        const outcome = this.#matcher.resolveRequest(request.rawPath, context, request);
        if (outcome instanceof MatchFailure) {
          // The router's exception is the cause, never thrown (outside debug a 404's is made
          // only if read). Outside debug the 404 is not thrown either: the event fails with
          // it (same kernel.exception, no stack walk); in debug it is thrown, so the traced
          // dispatch reads as the reference's.
          if (this.#debug) throw this.#toHttpException(outcome.toException(), request);
          event.fail(outcome.kind === 'not-found' ? new RouteNotFoundHttpException(notFoundMessage(request), outcome) : (this.#toHttpException(outcome.toException(), request) as Error));
          return;
        }
        parameters = outcome;
      }
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.#logger?.info('Matched route "{route}".', {
      route: parameters._route ?? 'n/a',
      route_parameters: parameters,
      // built only if the entry is written or shown
      request_uri: new LazyLogValue(() => request.getUri()),
      method: request.method,
    });
    const routeParams: Record<string, unknown> = {};
    for (const key of Object.keys(parameters)) {
      request.attributes.set(key, parameters[key]);
      if (key !== '_route' && key !== '_controller') routeParams[key] = parameters[key];
    }
    request.attributes.set('_route_params', routeParams);
  }

  /** The finished request's context is no longer needed; the parent keeps its own. */
  onKernelFinishRequest(event: FinishRequestEvent): void {
    if (!event.isMainRequest()) this.#contexts.delete(event.request);
  }

  /**
   * In debug, an application without any route answers `/` with a welcome page, not an
   * error. Narrower than the reference, which shows it whenever nothing matched `/`: an
   * application that has routes but no home page gets the 404 page saying so.
   */
  onKernelException(event: ExceptionEvent): void {
    if (!this.#debug || event.hasResponse()) return;
    const error = event.throwable;
    if (!(error instanceof NotFoundHttpException) || !(error.cause instanceof NoConfigurationException)) return;
    if ((this.#matcher.getRouteCollection?.().count() ?? 0) > 0) return;
    event.setResponse(new Response(welcomePage(), 404, { 'Content-Type': 'text/html; charset=UTF-8' }));
  }

  #matchOrThrow(request: Request, context: RequestContext): Record<string, unknown> {
    try {
      return this.#matcher.matchRequest(request.rawPath, context, request);
    } catch (error) {
      throw this.#toHttpException(error, request);
    }
  }

  #toHttpException(error: unknown, request: Request): unknown {
    const route = `${request.method} ${request.rawPath}`;
    if (error instanceof MethodNotAllowedException) {
      const allowed = error.allowedMethods;
      return new MethodNotAllowedHttpException(allowed, `No route found for "${route}": Method Not Allowed (Allow: ${allowed.join(', ')})`, { cause: error });
    }
    if (error instanceof ResourceNotFoundException) return new NotFoundHttpException(notFoundMessage(request), { cause: error });
    return error;
  }
}

/** The reference's 404 message: the method and path, and where the client came from. */
function notFoundMessage(request: Request): string {
  const referer = request.headers.get('referer');
  const from = referer === undefined ? '' : ` (from "${referer}")`;
  return `No route found for "${request.method} ${request.rawPath}"${from}`;
}

/**
 * The router's 404 outside debug: a NotFoundHttpException (by `instanceof`, `name` and
 * class name) whose cause, the router's ResourceNotFoundException, is made when first
 * read. A prod 404 rarely reads it (its page and its buffered log entry don't, unless a
 * later error in the same request flushes the entry), and constructing an Error is V8
 * runtime work even without a stack: about 300 ns, half the cost of the 404's two errors.
 * The cause, made late, still carries no stack, like the 404 itself.
 */
class RouteNotFoundHttpException extends NotFoundHttpException {
  #failure: MatchFailure | undefined;

  constructor(message: string, failure: MatchFailure) {
    super(message);
    this.#failure = failure;
  }

  static {
    // the class name logs and error pages show is the reference's
    Object.defineProperty(this, 'name', { value: NotFoundHttpException.name });
    // an accessor on the prototype: one defined on each error would cost more than the error
    Object.defineProperty(this.prototype, 'cause', {
      configurable: true,
      get(this: RouteNotFoundHttpException): unknown {
        const failure = this.#failure;
        if (failure === undefined) return undefined;
        const stackTraceLimit = Error.stackTraceLimit;
        Error.stackTraceLimit = noStackTrace;
        let cause: Error;
        try {
          cause = failure.toException();
        } finally {
          Error.stackTraceLimit = stackTraceLimit;
        }
        RouteNotFoundHttpException.#settle(this, cause);
        return cause;
      },
      set(this: RouteNotFoundHttpException, value: unknown): void {
        RouteNotFoundHttpException.#settle(this, value);
      },
    });
  }

  /** Settles the cause as the own data property `new Error(message, { cause })` makes. */
  static #settle(error: RouteNotFoundHttpException, value: unknown): void {
    error.#failure = undefined;
    Object.defineProperty(error, 'cause', { value, writable: true, configurable: true, enumerable: false });
  }
}
