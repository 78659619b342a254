import type { Request } from '../http/request.ts';
import type { RequestStack } from '../http/request-stack.ts';
import type { RequestContext } from '../routing/request-context.ts';
import type { RouteTrace } from '../routing/traceable-url-matcher.ts';
import type { FlattenException } from './flatten-exception.ts';
import { BoundedCache } from '../support/bounded-cache.ts';
import { escapeHtml } from '../support/html-escape.ts';

export interface NearMissSectionOptions {
  /** The router (anything that explains matching, as `router:match` does). */
  readonly router: {
    explain(pathinfo: string, context: RequestContext, request?: unknown): RouteTrace[];
    /** The routes (the Router's): without conditions, which read the request itself, the section of a target is kept. */
    getRouteCollection?(): Iterable<readonly [string, { readonly condition?: unknown }]>;
  };
  /** The routing context of a request (RequestContextStore#get). */
  readonly contextOf: (request: Request) => RequestContext;
  /**
   * To reach the request that failed: the page is rendered inside the error sub-request,
   * whose method is always GET. Without it the sub-request's own target is explained.
   */
  readonly requestStack?: RequestStack<Request>;
}

/** Routing failures whose page gets the section: the router's own, as the cause of the 404 / 405. */
const routingFailures = new Set(['ResourceNotFoundException', 'MethodNotAllowedException']);

/**
 * The debug 404 / 405 page's "routes that almost matched" section, for HtmlErrorRenderer's
 * `extraSections` option: each route that failed on one point only (method, host, scheme,
 * a requirement, a trailing slash, one differing path segment) and why, from the same
 * `router.explain` data as `router:match`. Explaining does not log, so the Logs tab below
 * it keeps exactly its rows. Other errors get nothing; prod pages never call it.
 */
export function createNearMissSection(options: NearMissSectionOptions): (flat: FlattenException, request: Request | undefined) => string {
  // The section of each target, while no route has a condition: explaining judges every
  // route, and the same missing URL tends to come again (an image or stylesheet a page
  // names, the page reloaded).
  const sections = new BoundedCache<string, string>(256);
  let keeps: boolean | undefined;
  let last: { readonly target: readonly unknown[]; readonly section: string } | undefined;
  return (flat, request) => {
    if (request === undefined || !flat.getChain().some((e) => routingFailures.has(e.className))) return '';
    const failed = options.requestStack?.getParentRequest() ?? request;
    const context = options.contextOf(failed);
    keeps ??= withoutConditions(options.router);
    if (!keeps) return explained(failed, context);
    // The last target's section first, compared part by part: the same URL comes in runs,
    // and a key is a new string to make and hash per page.
    const target = targetOf(failed, context);
    if (last !== undefined && sameTarget(last.target, target)) return last.section;
    const key = JSON.stringify(target);
    const section = sections.get(key) ?? sections.remember(key, explained(failed, context));
    last = { target, section };
    return section;
  };
  function explained(failed: Request, context: RequestContext): string {
    const traces = options.router.explain(failed.rawPath, context, failed);
    return renderNearMisses(failed, traces.filter((trace) => trace.level === 'partial'), traces.length);
  }
}

function withoutConditions(router: NearMissSectionOptions['router']): boolean {
  const routes = router.getRouteCollection?.();
  if (routes === undefined) return false;
  for (const [, route] of routes) if (route.condition !== undefined) return false;
  return true;
}

/** What explaining a request and rendering its section read of it: its method and path, and its routing context. */
function targetOf(request: Request, context: RequestContext): readonly unknown[] {
  const { method, scheme, host, httpPort, httpsPort, baseUrl, pathInfo, queryString, parameters } = context;
  return [request.method, request.rawPath, method, scheme, host, httpPort, httpsPort, baseUrl, pathInfo, queryString, parameters];
}

/** The same parts; the parameters (one frozen object per locale) compared by what they hold. */
function sameTarget(a: readonly unknown[], b: readonly unknown[]): boolean {
  const last = a.length - 1;
  for (let i = 0; i < last; i++) if (a[i] !== b[i]) return false;
  return a[last] === b[last] || JSON.stringify(a[last]) === JSON.stringify(b[last]);
}

export function renderNearMisses(request: Request, nearMisses: readonly RouteTrace[], checked: number): string {
  const target = `${request.method} ${request.rawPath}`;
  const body = nearMisses.length === 0
    ? `<p class="near-misses-none">None of the ${checked} routes comes close to <code>${escapeHtml(target)}</code>. Run <code>app/bin/console router:match ${escapeHtml(request.rawPath)}</code> to see why each one does not match.</p>`
    : `<table class="near-misses">
<thead><tr><th>Route</th><th>Path</th><th>Why it does not match</th></tr></thead>
<tbody>
${nearMisses.map((trace) => `<tr data-route="${escapeHtml(trace.name)}"><td>${escapeHtml(trace.name)}</td><td><code>${escapeHtml(trace.path)}</code></td><td class="reason">${escapeHtml(trace.reason)}</td></tr>`).join('\n')}
</tbody>
</table>`;
  return `<section class="near-misses" id="near-misses" style="margin:1em 0;padding:.5em 1em;border-left:4px solid #a46a1f;background:#fff8ec">
<h2>Routes that almost match <code>${escapeHtml(target)}</code></h2>
${body}
</section>`;
}
