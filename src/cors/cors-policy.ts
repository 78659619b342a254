import type { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { CorsRule, type CorsRuleInput } from './cors-rule.ts';

/**
 * CORS with NelmioCorsBundle's semantics: the first path rule (a regular expression on the
 * path) matching a request applies. A preflight (`OPTIONS` with `Origin` and
 * `Access-Control-Request-Method`) is answered here, before routing; an actual request
 * gets its headers added to the response. An origin the rule does not allow gets no CORS
 * header at all, so the browser refuses it.
 */
export class CorsPolicy {
  readonly #rules: readonly (readonly [RegExp, CorsRule])[];

  constructor(paths: Readonly<Record<string, CorsRuleInput>>) {
    this.#rules = Object.entries(paths).map(([path, input]) => [new RegExp(path), new CorsRule(input)] as const);
  }

  #ruleFor(request: Request): CorsRule | undefined {
    const path = request.pathInfo;
    for (const [pattern, rule] of this.#rules) if (pattern.test(path)) return rule;
    return undefined;
  }

  /** The answer to a preflight under a rule, or undefined for any other request. */
  preflight(request: Request): Response | undefined {
    if (request.method !== 'OPTIONS') return undefined;
    const origin = request.headers.get('origin');
    const method = request.headers.get('access-control-request-method');
    if (origin === undefined || method === undefined) return undefined;
    const rule = this.#ruleFor(request);
    if (rule === undefined) return undefined;
    const response = new Response('', 204, { Vary: 'Origin' });
    if (!rule.allows(origin)) return response;
    const headers = response.headers;
    headers.set('Access-Control-Allow-Origin', rule.allowOriginValue(origin));
    if (rule.allowCredentials) headers.set('Access-Control-Allow-Credentials', 'true');
    headers.set('Access-Control-Allow-Methods', rule.allowMethods.join(', '));
    const asked = (request.headers.get('access-control-request-headers') ?? '').split(',').map((h) => h.trim().toLowerCase()).filter((h) => h !== '');
    const allowedHeaders = rule.allowHeaders === true ? asked : rule.allowHeaders;
    if (allowedHeaders.length > 0) headers.set('Access-Control-Allow-Headers', allowedHeaders.join(', '));
    if (rule.maxAge !== undefined) headers.set('Access-Control-Max-Age', String(rule.maxAge));
    if (!rule.allowMethods.includes(method.toUpperCase())) {
      response.setStatusCode(405);
      return response;
    }
    const refused = asked.find((header) => !allowedHeaders.includes(header));
    if (refused !== undefined) {
      response.setStatusCode(400);
      response.content = `Unauthorized header ${refused}`;
    }
    return response;
  }

  /** Adds the headers of an actual (non-preflight) cross-origin request's response. */
  decorate(request: Request, response: Response): void {
    const origin = request.headers.get('origin');
    if (origin === undefined) return;
    const rule = this.#ruleFor(request);
    if (rule === undefined) return;
    const headers = response.headers;
    const vary = headers.get('Vary');
    if (vary === undefined) headers.set('Vary', 'Origin');
    else if (!/(^|,)\s*origin\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Origin`);
    if (!rule.allows(origin)) return;
    headers.set('Access-Control-Allow-Origin', rule.allowOriginValue(origin));
    if (rule.allowCredentials) headers.set('Access-Control-Allow-Credentials', 'true');
    if (rule.exposeHeaders.length > 0) headers.set('Access-Control-Expose-Headers', rule.exposeHeaders.join(', '));
  }
}
