import { MatchFailure } from './match-failure.ts';
import { decodePathInfo, trimTrailingSlashes } from './path-info.ts';
import { describePathMismatch, explainedPath, type ExplainedPath, type TraceLevel } from './path-mismatch.ts';
import type { RequestContext } from './request-context.ts';
import { Rejection, type RouteEntry } from './route-entry.ts';
import type { RouteParameters } from './route-matcher.ts';
import { UrlMatcher } from './url-matcher.ts';
import type { MatchInput } from './match-input.ts';

export type { TraceLevel };

/** One route's verdict for a path. */
export interface RouteTrace {
  name: string;
  /** The route's path pattern. */
  path: string;
  /**
   * `match`: the route the matcher chooses (possibly through a redirect); `partial`: a
   * near miss (one requirement, the method, scheme, host, condition or trailing slash, or
   * a path that differs in one place); `none`: unrelated.
   */
  level: TraceLevel;
  reason: string;
}

interface Verdict {
  level: TraceLevel;
  reason: string;
  accepted: boolean;
}

/**
 * Explains matching: for every route, in matching order, whether and why it matches the
 * path. It feeds the 404 page that explains itself and the `router:match` command.
 * Routes are judged one by one, then the real outcome (what `match()` returns, including
 * redirects) decides which route is the `match`.
 */
export class TraceableUrlMatcher extends UrlMatcher {
  explain(pathinfo: string, context: RequestContext = this.context, request?: unknown): RouteTrace[] {
    const verdicts = this.#judgeAll(pathinfo, context, request);
    const outcome = this.resolve(pathinfo, context, request);
    let chosen = -1;
    if (!(outcome instanceof MatchFailure)) {
      const target = redirectTarget(outcome);
      if (target === undefined) {
        chosen = verdicts.findIndex((verdict) => verdict.accepted);
      } else {
        const retryContext = target.scheme === null ? context : context.with({ scheme: target.scheme });
        chosen = this.#judgeAll(target.path, retryContext, request).findIndex((verdict) => verdict.accepted);
        const entry = this.entries[chosen];
        if (entry !== undefined) verdicts[chosen] = redirectVerdict(entry, pathinfo, target, context);
      }
    }

    return this.entries.map((entry, i) => {
      const verdict = verdicts[i] as Verdict;
      const trace = { name: entry.name, path: entry.route.path, level: verdict.level, reason: verdict.reason };
      if (chosen !== -1 && i > chosen && verdict.accepted) {
        const first = (this.entries[chosen] as RouteEntry).name;
        return { ...trace, level: 'none', reason: `Route would match, but "${first}" matched first` };
      }
      return trace;
    });
  }

  #judgeAll(pathinfo: string, context: RequestContext, request: unknown): Verdict[] {
    const path = decodePathInfo(pathinfo);
    const target = explainedPath(path, trimTrailingSlashes(path));
    const canRedirect = this.redirectController !== undefined && (context.method === 'GET' || context.method === 'HEAD');
    const input: MatchInput = { path, trimmed: target.trimmed, context, request, canRedirect };
    return this.entries.map((entry) => judge(entry, target, input));
  }
}

function judge(entry: RouteEntry, target: ExplainedPath, input: MatchInput): Verdict {
  const { path, trimmed, context } = input;
  const match = entry.regex.exec(path);
  if (match === null) {
    const { level, reason } = describePathMismatch(entry.route, entry.compiled, target);
    return { level, reason, accepted: false };
  }
  const result = entry.evaluate(input, match, 1);
  if (typeof result !== 'number') return { level: 'match', reason: 'Route matches!', accepted: true };
  return { level: 'partial', reason: rejectionReason(entry, result, path, trimmed, context), accepted: false };
}

function rejectionReason(entry: RouteEntry, rejection: Rejection, path: string, trimmed: string, context: RequestContext): string {
  switch (rejection) {
    case Rejection.HOST:
      return `Host "${context.host}" does not match the requirement ("${entry.route.host}")`;
    case Rejection.CONDITION:
      return `Condition "${describeCondition(entry)}" does not evaluate to "true"`;
    case Rejection.SLASH:
    case Rejection.SLASH_REDIRECT:
      return trimmed === path ? 'The path is missing a trailing slash' : 'The path has an extra trailing slash';
    case Rejection.SCHEME:
      return `Scheme "${context.scheme}" does not match any of the required schemes (${entry.route.schemes.join(', ')})`;
    case Rejection.METHOD:
      return `Method "${context.method}" does not match any of the required methods (${entry.route.methods.join(', ')})`;
  }
}

function redirectVerdict(entry: RouteEntry, pathinfo: string, target: RedirectTarget, context: RequestContext): Verdict {
  const reasons: string[] = [];
  if (target.path !== pathinfo) {
    const hasSlash = trimTrailingSlashes(pathinfo) !== pathinfo;
    reasons.push(hasSlash ? 'The path has an extra trailing slash' : 'The path is missing a trailing slash');
  }
  if (target.scheme !== null) {
    reasons.push(`Scheme "${context.scheme}" does not match any of the required schemes (${entry.route.schemes.join(', ')})`);
  }
  const over = target.scheme === null ? '' : ` over ${target.scheme}`;
  return { level: 'match', reason: `${reasons.join('; ')}: redirects to "${target.path}"${over}`, accepted: true };
}

interface RedirectTarget {
  path: string;
  scheme: string | null;
}

/**
 * A route's parameters always start with `_route`; the matcher's redirect parameters start
 * with `_controller`, then `path` and `permanent`, `scheme`.
 */
function redirectTarget(parameters: RouteParameters): RedirectTarget | undefined {
  for (const key in parameters) {
    if (key === '_route') return undefined;
    break;
  }
  return { path: parameters.path as string, scheme: (parameters.scheme as string | null) ?? null };
}

/**
 * A named function reads best; an inline one (whose name is only the property it was
 * given under) shows its source, shortened.
 */
function describeCondition(entry: RouteEntry): string {
  const condition = entry.route.condition;
  if (condition !== undefined && condition.name !== '' && condition.name !== 'condition') return condition.name;
  const source = String(condition).replace(/\s+/g, ' ').trim();
  return source.length > 80 ? `${source.slice(0, 77)}...` : source;
}
