import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { RequestEvent } from '../event/request-event.ts';
import type { FinishRequestEvent } from '../event/finish-request-event.ts';
import type { ExceptionEvent } from '../event/exception-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
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
import { MethodNotAllowedHttpException } from '../exception/method-not-allowed-http-exception.ts';
import { ResourceNotFoundException } from '../routing/exception/resource-not-found-exception.ts';
import { MethodNotAllowedException } from '../routing/exception/method-not-allowed-exception.ts';

/** What the listener needs of a router: match a path in a context, the request available to conditions. */
export interface RequestMatcher {
  matchRequest(pathinfo: string, context: RequestContext, request?: unknown): Record<string, unknown>;
  /** The match, or why there is none as a value (MatchFailure); preferred, as it throws nothing. */
  resolveRequest?(pathinfo: string, context: RequestContext, request?: unknown): Record<string, unknown> | MatchFailure;
  /** The routes matched against; the welcome page is for an application with none. */
  getRouteCollection?(): { count(): number };
}

/** How the router is used, chosen where the kernel is wired: in debug, `{ missingRoute: throwMissingRoute, welcomePage: true }`. */
export interface RouterListenerOptions {
  /** How a request no route matches ends; by default the event fails with the error, nothing thrown (failMissingRoute). */
  missingRoute?: MissingRoute;
  /** Answer `/` of an application without any route with a welcome page, not an error (a kernel.exception listener). */
  welcomePage?: boolean;
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
  readonly #missingRoute: MissingRoute;
  readonly #welcomePage: boolean;

  constructor(matcher: RequestMatcher, contexts: RequestContextStore, logger?: Logger, options: RouterListenerOptions = {}) {
    this.#matcher = matcher;
    this.#contexts = contexts;
    this.#logger = logger;
    this.#missingRoute = options.missingRoute ?? failMissingRoute;
    this.#welcomePage = options.welcomePage ?? false;
  }

  getSubscribedEvents(): SubscribedEvents {
    return {
      [KernelEvents.REQUEST]: ['onKernelRequest', Priority.ROUTER],
      [KernelEvents.FINISH_REQUEST]: 'onKernelFinishRequest',
      ...(this.#welcomePage && { [KernelEvents.EXCEPTION]: ['onKernelException', Priority.ROUTER_EXCEPTION] }),
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
    if (this.#matcher.resolveRequest === undefined) {
      parameters = this.#matchOrThrow(request, context);
    } else {
      const outcome = this.#matcher.resolveRequest(request.rawPath, context, request);
      if (outcome instanceof MatchFailure) {
        this.#missingRoute(event, outcome);
        return;
      }
      parameters = outcome;
    }
    this.#logger?.info('Matched route "{route}".', {
      route: parameters._route ?? 'n/a',
      route_parameters: parameters,
      // built only if the entry is written or shown
      request_uri: new LazyLogValue(uriOf, request),
      method: request.method,
    });
    const routeParams: Record<string, unknown> = {};
    // The own enumerable keys, in Object.keys order. Every route's parameters have keys of
    // their own, so `parameters[key]` over Object.keys is a megamorphic load; for a key of
    // a for-in over the same object V8 reads the field in place, and knows such a key own.
    for (const key in parameters) {
      if (!Object.prototype.hasOwnProperty.call(parameters, key)) continue;
      const value = parameters[key];
      request.attributes.set(key, value);
      if (key !== '_route' && key !== '_controller') routeParams[key] = value;
    }
    request.attributes.set('_route_params', routeParams);
  }

  /** The finished request's context is no longer needed; the parent keeps its own. */
  onKernelFinishRequest(event: FinishRequestEvent): void {
    if (!event.isMainRequest()) this.#contexts.delete(event.request);
  }

  /**
   * With `welcomePage`, an application without any route answers `/` with a welcome page,
   * not an error. Narrower than the reference, which shows it whenever nothing matched `/`:
   * an application that has routes but no home page gets the 404 page saying so.
   */
  onKernelException(event: ExceptionEvent): void {
    if (event.hasResponse()) return;
    const error = event.throwable;
    if (!(error instanceof NotFoundHttpException) || !(error.cause instanceof NoConfigurationException)) return;
    if ((this.#matcher.getRouteCollection?.().count() ?? 0) > 0) return;
    event.setResponse(new Response(welcomePage(), 404, { 'Content-Type': 'text/html; charset=UTF-8' }));
  }

  #matchOrThrow(request: Request, context: RequestContext): Record<string, unknown> {
    try {
      return this.#matcher.matchRequest(request.rawPath, context, request);
    } catch (error) {
      throw toHttpException(error, request);
    }
  }
}

/** The request's URI, for the "Matched route" entry; declared once, so no closure is made per request. */
function uriOf(request: Request): string {
  return request.getUri();
}

/**
 * How RouterListener ends a request no route matches (404, 405, no routes at all). Chosen
 * where the kernel is wired: `throwMissingRoute` in debug, `failMissingRoute` otherwise.
 */
export type MissingRoute = (event: RequestEvent, failure: MatchFailure) => void;

/**
 * Debug: the HTTP error is thrown, its cause the router's exception, both with their
 * stack, so the error page shows where and the traced dispatch reads as the reference's.
 */
export const throwMissingRoute: MissingRoute = (event, failure) => {
  throw toHttpException(failure.toException(), event.request);
};

/**
 * Prod: a missing route is an ordinary answer, not a bug to trace. The event fails with the
 * error (kernel.exception gets it as if it had been thrown; no later kernel.request listener
 * runs) and nothing is thrown, as a throw makes V8 locate it by walking the stack. The 404
 * carries no stack, and its cause, the router's exception, is made only if read (prod logs
 * drop 404 entries, and the prod error page does not read it).
 */
export const failMissingRoute: MissingRoute = (event, failure) => {
  if (failure.kind === 'not-found') event.fail(routeNotFound(event.request, failure));
  else event.fail(toHttpException(failure.toException(), event.request) as Error);
};

/** The router's exception as the HTTP error the kernel answers with (the reference's messages). */
function toHttpException(error: unknown, request: Request): unknown {
  if (error instanceof MethodNotAllowedException) {
    const allowed = error.allowedMethods;
    return new MethodNotAllowedHttpException(allowed, `No route found for "${request.method} ${request.rawPath}": Method Not Allowed (Allow: ${allowed.join(', ')})`, { cause: error });
  }
  if (error instanceof ResourceNotFoundException) return new NotFoundHttpException(notFoundMessage(request), { cause: error });
  return error;
}

/** The reference's 404 message: the method and path, and where the client came from. */
function notFoundMessage(request: Request): string {
  return notFoundText(request.method, request.rawPath, request.headers.get('referer'));
}

function notFoundText(method: string, path: string, referer: string | undefined): string {
  const from = referer === undefined ? '' : ` (from "${referer}")`;
  return `No route found for "${method} ${path}"${from}`;
}

/**
 * The prod 404: a NotFoundHttpException (by `instanceof`, `name` and class name) whose
 * cause is made when first read. It is made without running Error's constructor, which
 * captures a stack (the largest single cost of a 404 that nobody traces); silencing that
 * capture would mean writing the process-wide `Error.stackTraceLimit` during the request.
 * It is a base class put under NotFoundHttpException, made by an ordinary construction,
 * which V8 inlines. Its fields are those HttpException's constructor sets. Its message and the
 * router's failure are kept in private fields, read through accessors on the prototype:
 * own non-enumerable properties go through V8's generic property definition, several times
 * the rest of the error, and private fields are as invisible (not enumerated, inspected,
 * spread or serialized) for an ordinary store. The message is put together when first
 * read, from the parts the request had when the route was missed: nothing on the prod
 * 404's way reads it (its entry is made only if written, the plain page shows the status).
 */
class RouteNotFoundHttpException {
  static {
    // the class name logs and error pages show is the reference's
    Object.defineProperty(this, 'name', { value: NotFoundHttpException.name });
    // accessors on the prototype: properties defined on each error would cost more than the error
    Object.defineProperty(this.prototype, 'message', {
      configurable: true,
      get(this: RouteNotFoundHttpException): string {
        return RouteNotFoundHttpException.messageOf(this);
      },
      set(this: RouteNotFoundHttpException, value: unknown): void {
        settle(this, 'message', value);
      },
    });
    Object.defineProperty(this.prototype, 'cause', {
      configurable: true,
      get(this: RouteNotFoundHttpException): unknown {
        const failure = RouteNotFoundHttpException.takeFailure(this);
        if (failure === undefined) return undefined;
        const cause = failure.toException();
        settle(this, 'cause', cause);
        return cause;
      },
      set(this: RouteNotFoundHttpException, value: unknown): void {
        RouteNotFoundHttpException.takeFailure(this);
        settle(this, 'cause', value);
      },
    });
    // a NotFoundHttpException by its prototype chain and its static side; last in this block,
    // so the getter above keeps the line a cause's stack names
    Object.setPrototypeOf(this.prototype, NotFoundHttpException.prototype);
    Object.setPrototypeOf(this, NotFoundHttpException);
  }

  /** Its message once read; until then the method, path and referer it is made of. */
  #message: string | undefined;
  readonly #method: string;
  readonly #path: string;
  readonly #referer: string | undefined;
  /** The router's failure, until the cause is made from it. */
  #failure: MatchFailure | undefined;

  constructor(method: string, path: string, referer: string | undefined, failure: MatchFailure) {
    this.#message = undefined;
    this.#method = method;
    this.#path = path;
    this.#referer = referer;
    this.#failure = failure;
    const fields = this as unknown as Record<'name' | 'statusCode' | 'headers' | 'code' | 'logLevel', unknown>;
    // a constant: reading a class's `name` goes through V8's accessor call on every read
    fields.name = notFoundName;
    fields.statusCode = 404;
    fields.headers = {};
    fields.code = 0;
    fields.logLevel = undefined;
  }

  // The prototype itself (or an object made from it elsewhere) has no fields: it reads as Error's prototype does.
  static messageOf(error: RouteNotFoundHttpException): string {
    if (!(#message in error)) return '';
    return (error.#message ??= notFoundText(error.#method, error.#path, error.#referer));
  }

  /** The failure to make the cause from, once: after it the cause is an own property. */
  static takeFailure(error: RouteNotFoundHttpException): MatchFailure | undefined {
    if (!(#failure in error)) return undefined;
    const failure = error.#failure;
    error.#failure = undefined;
    return failure;
  }
}

const notFoundName = NotFoundHttpException.name;

function routeNotFound(request: Request, failure: MatchFailure): NotFoundHttpException {
  return new RouteNotFoundHttpException(request.method, request.rawPath, request.headers.get('referer'), failure) as unknown as NotFoundHttpException;
}

/** Settles a field as the own data property `new Error(message, { cause })` makes. */
function settle(error: RouteNotFoundHttpException, key: 'message' | 'cause', value: unknown): void {
  Object.defineProperty(error, key, { value, writable: true, configurable: true, enumerable: false });
}
