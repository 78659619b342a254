import { requestIdOf } from '../../http/request-id.ts';
import type { ControllerEvent } from '../../event/controller-event.ts';
import type { ResponseEvent } from '../../event/response-event.ts';
import { controllerName, controllerTarget, type Controller } from '../../controller/controller.ts';
import { unwrappedFunction } from '../../controller/wrapped-controller.ts';
import { Cookie } from '../../http/cookie.ts';
import type { Request } from '../../http/request.ts';
import { isValidToken } from '../profiler-storage.ts';
import type { CollectContext, DataCollector, LateCollectContext } from './data-collector.ts';
import { functionLocation } from './function-location.ts';
import { toJsonSafe } from '../../log/normalize.ts';
import { displayPath } from './request-label.ts';

/** The cookie carrying a redirect's details to the request that follows it. */
export const REDIRECT_COOKIE = 'sluice_redirect';

export interface ControllerData {
  readonly name: string;
  readonly file?: string;
  readonly line?: number;
}

export interface RedirectData {
  readonly token: string | null;
  readonly route: string;
  readonly method: string;
  readonly controller: string | null;
  readonly statusCode: number;
}

export interface RequestData {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly format: string | null;
  readonly locale: string;
  readonly clientIp: string;
  /** The X-Request-Id of the request (see requestIdOf): its log entries and trace spans carry it. */
  readonly requestId: string;
  readonly route: string | null;
  readonly routeParams: Record<string, unknown>;
  readonly controller: ControllerData | null;
  readonly requestHeaders: Record<string, string>;
  readonly query: unknown;
  readonly attributes: unknown;
  readonly cookies: Record<string, string>;
  /** The session's attributes, when the request has a started session. */
  readonly session: unknown;
  readonly statusCode: number;
  readonly statusText: string;
  readonly contentType: string | null;
  readonly responseHeaders: Record<string, string[]>;
  /** The request that redirected here, when this request follows a redirect. */
  readonly redirect: RedirectData | null;
}

interface SessionLike {
  all(): unknown;
  /** A flag, or a method in sessions of other shapes. */
  readonly isStarted?: boolean | (() => boolean);
}

/**
 * The request and its response: method, URL, headers, query, attributes, cookies,
 * session, status and headers sent back, and the controller that answered (with the
 * file and line it is defined at).
 *
 * Its listeners do real work: `onKernelController` notes the controller before any
 * other listener may replace it; `onKernelResponse` notices a request that follows a
 * redirect, whose details the redirect left in a cookie.
 */
export class RequestDataCollector implements DataCollector {
  readonly name = 'request';
  readonly #controllers = new WeakMap<Request, Controller>();
  readonly #redirected = new WeakSet<Request>();
  readonly #sessions = new WeakMap<Request, SessionLike>();

  onKernelController(event: ControllerEvent): void {
    this.#controllers.set(event.request, event.controller);
  }

  onKernelResponse(event: ResponseEvent): void {
    if (!event.isMainRequest()) return;
    if (event.request.cookies.has(REDIRECT_COOKIE)) this.#redirected.add(event.request);
  }

  collect({ request, response }: CollectContext): RequestData {
    const controller = this.#controllers.get(request);
    const route = request.attributes.get('_route');
    const data: RequestData = {
      method: request.method,
      url: attempt(() => request.getUri(), request.rawPath),
      path: displayPath(request),
      format: request.getRequestFormat(null) ?? null,
      locale: request.getLocale(),
      clientIp: attempt(() => request.clientIp, request.remoteAddress),
      requestId: requestIdOf(request),
      route: typeof route === 'string' ? route : null,
      routeParams: toJsonSafe(request.attributes.get('_route_params') ?? {}) as Record<string, unknown>,
      controller: controller === undefined ? null : { name: controllerName(controller) },
      requestHeaders: request.headers.toObject(),
      query: toJsonSafe(request.query.all()),
      attributes: toJsonSafe(request.attributes.all()),
      cookies: request.cookies.all(),
      session: null,
      statusCode: response.statusCode,
      statusText: response.statusText,
      contentType: response.headers.get('Content-Type') ?? null,
      responseHeaders: response.headers.allPreserveCase(),
      redirect: this.#followRedirect(request, response),
    };
    if (response.isRedirect() && request.method !== 'HEAD') this.#leaveRedirectCookie(request, response, data);
    const session = startedSession(request.session);
    if (session !== undefined) this.#sessions.set(request, session);
    return data;
  }

  /**
   * After the response was sent: the controller's location (asked of V8, slow the first
   * time) and the session's attributes (reading them earlier would count as a use of the
   * session, and make the response private).
   */
  async lateCollect({ request }: LateCollectContext, collected: unknown): Promise<RequestData> {
    let data = collected as RequestData;
    const controller = this.#controllers.get(request);
    if (controller !== undefined && data.controller !== null) {
      const location = functionLocation(unwrappedFunction(controllerTarget(controller).fn));
      if (location !== undefined) data = { ...data, controller: { ...data.controller, ...location } };
    }
    const session = this.#sessions.get(request);
    if (session !== undefined) data = { ...data, session: toJsonSafe(await session.all()) };
    return data;
  }

  #followRedirect(request: Request, response: CollectContext['response']): RedirectData | null {
    if (!this.#redirected.has(request)) return null;
    response.headers.clearCookie(REDIRECT_COOKIE);
    try {
      const redirect = JSON.parse(request.cookies.getString(REDIRECT_COOKIE)) as RedirectData;
      // The client sends the cookie back: its token is shown as a link only if it is a token.
      return { ...redirect, token: typeof redirect.token === 'string' && isValidToken(redirect.token) ? redirect.token : null };
    } catch {
      return null;
    }
  }

  #leaveRedirectCookie(request: Request, response: CollectContext['response'], data: RequestData): void {
    const redirect: RedirectData = {
      token: response.headers.get('X-Debug-Token') ?? null,
      route: data.route ?? 'n/a',
      method: request.method,
      controller: data.controller?.name ?? null,
      statusCode: response.statusCode,
    };
    response.headers.setCookie(new Cookie(REDIRECT_COOKIE, JSON.stringify(redirect), { secure: attempt(() => request.isSecure, false) }));
  }
}

/** The request's session if the request started it: reading an unstarted one would start it for the profiler's sake. */
function startedSession(session: unknown): SessionLike | undefined {
  if (typeof session !== 'object' || session === null) return undefined;
  const candidate = session as Partial<SessionLike>;
  if (typeof candidate.all !== 'function') return undefined;
  const started = typeof candidate.isStarted === 'function' ? candidate.isStarted() : candidate.isStarted;
  return started === true ? (candidate as SessionLike) : undefined;
}

/** A request with an invalid Host or conflicting proxy headers still gets a profile: its 400 page does. */
function attempt<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
