import type { ControllerEvent } from '../../event/controller-event.ts';
import { controllerName } from '../../controller/controller.ts';
import type { Request } from '../../http/request.ts';
import type { RequestContext } from '../../routing/request-context.ts';
import type { RouteTrace } from '../../routing/traceable-url-matcher.ts';
import type { CollectContext, DataCollector, LateCollectContext } from './data-collector.ts';
import { toJsonSafe } from '../../log/normalize.ts';

/** What the collector needs of the router: why each route does or does not match. */
export interface RouteExplainer {
  explain(pathinfo: string, context: RequestContext, request?: unknown): RouteTrace[];
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

  lateCollect({ request }: LateCollectContext, collected: unknown): RouterData {
    const data = collected as RouterData;
    if (data.traces === null) return data;
    return { ...data, traces: this.#router.explain(request.rawPath, this.#contextOf(request), request) };
  }
}
