import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { RequestEvent } from '../event/request-event.ts';
import type { ResponseEvent } from '../event/response-event.ts';
import type { FinishRequestEvent } from '../event/finish-request-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import type { SessionCookieConfig } from '../kernel/kernel-config.ts';
import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import { Cookie, type CookieOptions } from '../http/cookie.ts';
import type { Logger } from '../log/logger.ts';
import { Session } from '../session/session.ts';
import type { SessionStore } from '../session/session-store.ts';
import { Priority } from './priorities.ts';

/** A response carrying this header keeps its caching headers although the session was used; it is never sent. */
export const NO_AUTO_CACHE_CONTROL_HEADER = 'Sluice-Session-NoAutoCacheControl';

export interface SessionListenerOptions {
  /** The store, or a function giving it: an application that never uses a session never creates one. */
  store: SessionStore | (() => SessionStore);
  cookie: SessionCookieConfig;
  /** Seconds a session lives in the store after its last write. */
  ttl: number;
  /** The `request` channel: where making a response private is reported. */
  logger?: Logger;
}

/**
 * Gives each main request a lazy session (`request.session`), and on the main response:
 * saves a started session and sets, refreshes or clears its cookie; makes a response
 * built while the session was used private, since it may hold that user's data (the
 * rewrite is logged, and a response can opt out with `Sluice-Session-NoAutoCacheControl`).
 */
export class SessionListener implements EventSubscriber {
  readonly #options: SessionListenerOptions;
  /** The session's usage index when the main request began, to tell whether this request used it. */
  readonly #usageAtStart = new WeakMap<Request, number>();

  constructor(options: SessionListenerOptions) {
    this.#options = options;
  }

  getSubscribedEvents(): SubscribedEvents {
    return {
      [KernelEvents.REQUEST]: ['onKernelRequest', Priority.SESSION_REQUEST],
      [KernelEvents.RESPONSE]: ['onKernelResponse', Priority.SESSION_RESPONSE],
      [KernelEvents.FINISH_REQUEST]: 'onFinishRequest',
    };
  }

  onKernelRequest(event: RequestEvent): void {
    if (!event.isMainRequest()) return;
    const request = event.request;
    // A session given beforehand (a test's, a front controller's) is kept.
    const given = request.peekSession();
    if (given === undefined || given === null) {
      // Made on first use: a request that never touches the session costs no Session.
      const { store, cookie, ttl } = this.#options;
      request.setSessionFactory(() => new Session(store, { requestedId: request.cookies.get(cookie.name), ttlMs: ttl * 1000 }));
    } else if (given instanceof Session) {
      this.#usageAtStart.set(request, given.usageIndex);
    }
  }

  onKernelResponse(event: ResponseEvent): void | Promise<void> {
    if (!event.isMainRequest()) return;
    const { request, response } = event;
    const autoCacheControl = !response.headers.has(NO_AUTO_CACHE_CONTROL_HEADER);
    if (!autoCacheControl) response.headers.remove(NO_AUTO_CACHE_CONTROL_HEADER);
    // peek: a session nobody asked for was never made, so it was not used
    const session = request.peekSession();
    if (!(session instanceof Session)) return;
    if (session.usageIndex !== (this.#usageAtStart.get(request) ?? 0)) {
      // As the reference, nothing is logged when the response becomes private.
      if (autoCacheControl) this.#makePrivate(response);
    }
    // A session never started has nothing to save: answer without a promise.
    if (!session.isStarted) return;
    return this.#save(session, request, response);
  }

  async #save(session: Session, request: Request, response: Response): Promise<void> {
    const change = await session.save();
    if (change === 'set' || (change === 'keep' && session.isStarted && !session.isEmpty && this.#options.cookie.lifetime > 0)) {
      response.headers.setCookie(new Cookie(this.#options.cookie.name, session.id!, this.#cookieOptions(request, true)));
    } else if (change === 'clear') {
      response.headers.clearCookie(this.#options.cookie.name, this.#cookieOptions(request, false));
    }
  }

  /** The main request is over: its usage mark is no longer needed. */
  onFinishRequest(event: FinishRequestEvent): void {
    if (event.isMainRequest()) this.#usageAtStart.delete(event.request);
  }

  /** A page showing one user's session data must not be stored by a shared cache, nor reused. */
  #makePrivate(response: Response): void {
    const headers = response.headers;
    const maxAge = headers.getCacheControlDirective('max-age');
    const wasCacheable = headers.hasCacheControlDirective('public') || headers.hasCacheControlDirective('s-maxage') || (typeof maxAge === 'string' && Number(maxAge) > 0);
    const before = headers.get('Cache-Control');
    response.setExpires(new Date()).setPrivate().setMaxAge(0);
    headers.addCacheControlDirective('must-revalidate');
    headers.removeCacheControlDirective('s-maxage');
    if (wasCacheable) {
      // the one case worth a line: the controller's own caching headers are overridden
      this.#options.logger?.warning(
        `Session was used while the response was declared cacheable ("{cache_control}"). Revert to private caching headers: max-age=0, must-revalidate, private. Add the "${NO_AUTO_CACHE_CONTROL_HEADER}" header to the response to keep its own.`,
        { cache_control: before },
      );
    }
  }

  #cookieOptions(request: Request, lasting: boolean): CookieOptions {
    const { lifetime, path, domain, secure, httpOnly, sameSite } = this.#options.cookie;
    // Browsers drop a SameSite=None cookie that is not Secure.
    const options: CookieOptions = { path, httpOnly, sameSite, secure: sameSite === 'none' || (secure === 'auto' ? request.isSecure : secure) };
    if (domain !== undefined) options.domain = domain;
    if (lasting && lifetime > 0) {
      options.maxAge = lifetime;
      options.expires = new Date(Date.now() + lifetime * 1000);
    }
    return options;
  }
}
