import { createHash } from 'node:crypto';
import type { Request } from '../http/request.ts';
import type { RequestStack } from '../http/request-stack.ts';
import type { Controller } from '../controller/controller.ts';
import type { ControllerResolverInterface } from '../controller/controller-resolver.ts';
import { rememberedWrapping, wrapController } from '../controller/wrapped-controller.ts';
import { controllerMetadata } from '../decorators/controller-metadata.ts';
import type { RateLimitConfiguration } from '../decorators/configuration.ts';
import { TooManyRequestsHttpException } from '../exception/too-many-requests-http-exception.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';
import type { RateLimiters } from './rate-limiters.ts';
import type { RateLimit } from './rate-limiter.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';

/** The authenticated user's identifier for a request, if any (the security layer's, resolved lazily). */
export type UserIdentifierOf = (request: Request) => MaybePromise<string | undefined>;

/**
 * Decorates the controller resolver: a controller with `@RateLimit` declarations is
 * wrapped so that its limits are consumed when the kernel calls it, after the
 * kernel.controller_arguments listeners (the permission check: a client refused there
 * takes nothing from the limit; the user is known) and before it runs. No listener is
 * added, so the event chains the logs show stay the application's. A refused call is a
 * 429 (problem+json on JSON routes) with `Retry-After` and the `RateLimit-*` headers.
 */
export class RateLimitingControllerResolver implements ControllerResolverInterface {
  readonly #inner: ControllerResolverInterface;
  readonly #limiters: RateLimiters;
  readonly #requestStack: RequestStack<Request>;
  readonly #userOf: UserIdentifierOf;
  /** Each controller's wrapped form; one that declares no limit stays as it is. */
  readonly #wrapped = rememberedWrapping((controller) => this.#wrap(controller));

  constructor(inner: ControllerResolverInterface, options: { limiters: RateLimiters; requestStack: RequestStack<Request>; userOf: UserIdentifierOf }) {
    this.#inner = inner;
    this.#limiters = options.limiters;
    this.#requestStack = options.requestStack;
    this.#userOf = options.userOf;
  }

  getController(request: Request): Controller | undefined {
    const controller = this.#inner.getController(request);
    return controller === undefined ? undefined : this.#wrapped(controller);
  }

  #wrap(controller: Controller): Controller | null {
    const metadata = controllerMetadata(controller);
    if (metadata === undefined) return null;
    const limits = [...metadata.class, ...metadata.method].flatMap((each) => (each.alias === 'rate_limit' ? [each.value] : []));
    if (limits.length === 0) return null;
    for (const limit of limits) this.#limiters.get(limit.limiter); // an unknown name fails on the first request, naming the defined ones
    return wrapController(controller, (proceed, args) => {
      const request = this.#requestStack.getCurrentRequest();
      if (request === undefined) return proceed(args);
      const taken = limits.map((limit) => this.#consume(limit, request));
      if (!taken.some(isThenable)) return this.#settle(taken as RateLimit[], request, () => proceed(args));
      return Promise.all(taken).then((settled) => this.#settle(settled, request, () => proceed(args)));
    });
  }

  #consume(limit: Readonly<RateLimitConfiguration>, request: Request): MaybePromise<RateLimit> {
    const limiter = this.#limiters.get(limit.limiter);
    const key = this.#keyOf(limit.key, request);
    return isThenable(key) ? key.then((each) => limiter.consume(each, limit.tokens)) : limiter.consume(key, limit.tokens);
  }

  #keyOf(key: RateLimitConfiguration['key'], request: Request): MaybePromise<string> {
    if (typeof key === 'function') return key(request);
    if (key === 'token') {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
      // the token's digest: the storage (Redis) never holds a usable token
      return token === undefined ? `ip:${request.clientIp}` : `token:${createHash('sha256').update(token).digest('hex')}`;
    }
    if (key === 'user') {
      const user = this.#userOf(request);
      const keyed = (identifier: string | undefined): string => (identifier === undefined ? `ip:${request.clientIp}` : `user:${identifier}`);
      return isThenable(user) ? user.then(keyed) : keyed(user);
    }
    return `ip:${request.clientIp}`;
  }

  #settle(limits: readonly RateLimit[], request: Request, proceed: () => unknown): unknown {
    let refused: RateLimit | undefined;
    let closest = limits[0]!;
    for (const limit of limits) {
      if (!limit.accepted && (refused === undefined || limit.retryAfter > refused.retryAfter)) refused = limit;
      if (limit.remaining < closest.remaining) closest = limit;
    }
    if (refused !== undefined) {
      throw new TooManyRequestsHttpException(refused.retryAfter, `Rate limit exceeded, please try again in ${refused.retryAfter} seconds.`, { headers: rateLimitHeaders(refused) });
    }
    request.attributes.set('_rate_limit', closest);
    return proceed();
  }
}
