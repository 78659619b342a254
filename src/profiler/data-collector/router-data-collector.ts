import type { ControllerEvent } from '../../event/controller-event.ts';
import { controllerName } from '../../controller/controller.ts';
import type { Request } from '../../http/request.ts';
import { RequestContext, type RequestContextInit } from '../../routing/request-context.ts';
import type { RouteTrace } from '../../routing/traceable-url-matcher.ts';
import type { CollectContext, DataCollector, LateCollectContext } from './data-collector.ts';
import { toJsonSafe } from '../../log/normalize.ts';

/** What the collector needs of the router: why each route does or does not match, and its routes. */
export interface RouteExplainer {
  explain(pathinfo: string, context: RequestContext, request?: unknown): RouteTrace[];
  getRouteCollection(): Iterable<readonly [string, { readonly condition?: unknown }]>;
}

/** What a stored profile keeps to explain the matching when it is read: the path and the request's routing context. */
interface DeferredTraces {
  readonly pathinfo: string;
  readonly context: RequestContextInit;
}

export interface RouterData {
  /** The matched route, or null (no match, or a request that named its controller itself). */
  readonly route: string | null;
  readonly routeParams: unknown;
  /** The controller kernel.controller received; null when the request never reached one. */
  readonly controller: string | null;
  /** Whether the router matched this request (sub-requests such as the error page are not routed). */
  readonly routed: boolean;
  /** Set for a redirect: where it points. */
  readonly redirectTo: string | null;
  /**
   * For a request no route answered (404, 405): every route, in matching order, with why it
   * did not match (explained after the response was sent; `[]` until then).
   */
  readonly traces: readonly RouteTrace[] | null;
}

/**
 * The routing of a request: the route and controller it reached (noted at
 * kernel.controller, before another listener may replace the controller), or, when no
 * route matched, every route with the reason it did not, from `router.explain` (slow: it
 * runs after the response was sent).
 */
export class RouterDataCollector implements DataCollector {
  readonly name = 'router';
  readonly #router: RouteExplainer;
  readonly #contextOf: (request: Request) => RequestContext;
  readonly #controllers = new WeakMap<Request, string>();

  constructor(router: RouteExplainer, contextOf: (request: Request) => RequestContext) {
    this.#router = router;
    this.#contextOf = contextOf;
  }

  onKernelController(event: ControllerEvent): void {
    this.#controllers.set(event.request, controllerName(event.controller));
  }

  collect({ request, response }: CollectContext): RouterData {
    const route = request.attributes.get('_route');
    const routed = typeof route === 'string';
    const unanswered = !routed && (response.statusCode === 404 || response.statusCode === 405) && request.attributes.get('_controller') === undefined;
    return {
      route: routed ? route : null,
      routeParams: toJsonSafe(request.attributes.get('_route_params') ?? {}),
      controller: this.#controllers.get(request) ?? null,
      routed,
      redirectTo: response.isRedirect() ? (response.headers.get('Location') ?? null) : null,
      traces: unanswered ? [] : null,
    };
  }

  /**
   * The traces of an unanswered request. Without route conditions (which read the request
   * itself) they depend only on the path and the routing context: the profile keeps those,
   * and the traces are worked out when it is read (`expand`), with the router as it is then,
   * as the reference's router panel does.
   */
  lateCollect({ request }: LateCollectContext, collected: unknown): RouterData | (RouterData & { deferredTraces: DeferredTraces }) {
    const data = collected as RouterData;
    if (data.traces === null) return data;
    const context = this.#contextOf(request);
    if (this.#hasConditions()) return { ...data, traces: this.#router.explain(request.rawPath, context, request) };
    const { method, host, scheme, httpPort, httpsPort, baseUrl, pathInfo, queryString, parameters } = context;
    return { ...data, deferredTraces: { pathinfo: request.rawPath, context: { method, host, scheme, httpPort, httpsPort, baseUrl, pathInfo, queryString, parameters } } };
  }

  expand(stored: unknown): unknown {
    const { deferredTraces, ...data } = stored as RouterData & { deferredTraces?: DeferredTraces };
    if (deferredTraces === undefined) return stored;
    return { ...data, traces: this.#router.explain(deferredTraces.pathinfo, new RequestContext(deferredTraces.context)) };
  }

  #hasConditions(): boolean {
    for (const [, route] of this.#router.getRouteCollection()) if (route.condition !== undefined) return true;
    return false;
  }
}
