import type { CompiledRoute, RouteToken, VariableToken } from './compiled-route.ts';
import { InvalidParameterException } from './exception/invalid-parameter-exception.ts';
import { MissingMandatoryParametersException } from './exception/missing-mandatory-parameters-exception.ts';
import { RouteNotFoundException } from './exception/route-not-found-exception.ts';
import { ReferenceType } from './reference-type.ts';
import { withoutLookarounds } from './regex-source.ts';
import { RequestContext } from './request-context.ts';
import type { RouteCollection } from './route-collection.ts';
import type { Route } from './route.ts';
import { buildQuery, encodeFragment, encodePath, relativePath } from './url-encoding.ts';

/** Where a non-strict generator reports a parameter that fails its requirement. */
export interface GeneratorLogger {
  error(message: string, context: Record<string, unknown>): void;
}

export interface UrlGeneratorOptions {
  /**
   * true (default): a parameter that fails its requirement throws InvalidParameterException;
   * false: it is logged and the URL is ''; null: requirements are not checked (fastest,
   * for production when the application's own links are known to be right).
   */
  strictRequirements?: boolean | null;
  /** Locale for localized routes when neither the parameters nor the context give one. */
  defaultLocale?: string;
  logger?: GeneratorLogger;
}

const INVALID_PARAMETER =
  'Parameter "{parameter}" for route "{route}" must match "{expected}" ("{given}" given) to generate a corresponding URL.';

/**
 * Builds URLs from route names and parameters (the reference's UrlGenerator, §8).
 * Variables come from the parameters, then the context's parameters, then the route's
 * defaults; other parameters become the query string, `_fragment` the fragment.
 */
export class UrlGenerator {
  readonly routes: RouteCollection;
  readonly context: RequestContext;
  readonly strictRequirements: boolean | null;
  readonly defaultLocale: string | undefined;
  readonly #logger: GeneratorLogger | undefined;
  readonly #requirements = new WeakMap<VariableToken, RegExp>();

  constructor(routes: RouteCollection, context: RequestContext = new RequestContext(), options: UrlGeneratorOptions = {}) {
    this.routes = routes;
    this.context = context;
    this.strictRequirements = options.strictRequirements === undefined ? true : options.strictRequirements;
    this.defaultLocale = options.defaultLocale;
    this.#logger = options.logger;
  }

  generate(
    name: string,
    parameters: Readonly<Record<string, unknown>> = {},
    referenceType: ReferenceType = ReferenceType.ABSOLUTE_PATH,
    context: RequestContext = this.context,
  ): string {
    const params = definedOnly(parameters);
    const route = this.#find(name, params, context);
    const compiled = route.compile();
    const defaults = route.defaults;
    if (defaults._canonical_route != null && defaults._locale != null) {
      if (!compiled.variables.includes('_locale')) delete params._locale;
      else params._locale ??= defaults._locale;
    }
    return this.#generate(name, route, compiled, params, referenceType, context);
  }

  /** A localized route (`name.<locale>`, trying "fr" after "fr_CA") wins over `name` itself. */
  #find(name: string, params: Record<string, unknown>, context: RequestContext): Route {
    const given = params._locale ?? context.getParameter('_locale');
    let locale = (given != null && given !== '' ? String(given) : undefined) ?? this.defaultLocale;
    // Most routes have no localized variants: not looked for then.
    if (!this.routes.hasDottedNames(name)) locale = undefined;
    while (locale !== undefined && locale !== '') {
      const localized = this.routes.get(`${name}.${locale}`);
      if (localized !== undefined && localized.getDefault('_canonical_route') === name) return localized;
      const underscore = locale.indexOf('_');
      locale = underscore === -1 ? undefined : locale.slice(0, underscore);
    }
    const route = this.routes.get(name);
    if (route === undefined) {
      throw new RouteNotFoundException(`Unable to generate a URL for the named route "${name}" as such route does not exist.`);
    }
    return route;
  }

  #generate(
    name: string,
    route: Route,
    compiled: CompiledRoute,
    params: Record<string, unknown>,
    referenceType: ReferenceType,
    context: RequestContext,
  ): string {
    const defaults = route.defaults;
    const merged = variableValues(compiled.variables, params, context.parameters, defaults);
    if (merged === undefined) {
      const missing = compiled.variables.filter((variable) => !Object.hasOwn(params, variable) && !Object.hasOwn(context.parameters, variable) && !Object.hasOwn(defaults, variable));
      throw new MissingMandatoryParametersException(
        `Some mandatory parameters are missing ("${missing.join('", "')}") to generate a URL for route "${name}".`,
      );
    }

    const path = this.#fill(name, compiled.tokens, merged, defaults, compiled.utf8, true);
    if (path === undefined) return '';
    let url = encodePath(path === '' ? '/' : path);

    // A path for a route without schemes or host needs neither the request's scheme nor its host (nor working them out).
    if (referenceType === ReferenceType.ABSOLUTE_PATH && route.schemes.length === 0 && compiled.hostTokens.length === 0) {
      return context.baseUrl + url + queryAndFragment(params, compiled.variables, defaults);
    }
    let type = referenceType;
    let scheme = context.scheme;
    let host = context.host;
    if (route.schemes.length > 0 && !route.schemes.includes(scheme)) {
      type = ReferenceType.ABSOLUTE_URL;
      scheme = route.schemes[0] as string;
    }
    if (compiled.hostTokens.length > 0) {
      const routeHost = this.#fill(name, compiled.hostTokens, merged, defaults, compiled.utf8, false);
      if (routeHost === undefined) return '';
      if (routeHost.toLowerCase() !== host) {
        host = routeHost;
        if (type !== ReferenceType.ABSOLUTE_URL) type = ReferenceType.NETWORK_PATH;
      }
    }

    if (type === ReferenceType.RELATIVE_PATH) {
      url = relativePath(context.pathInfo, url);
    } else {
      url = schemeAndAuthority(type, scheme, host, context) + context.baseUrl + url;
    }
    return url + queryAndFragment(params, compiled.variables, defaults);
  }

  /**
   * Writes the tokens out from the last one, leaving out trailing optional variables
   * whose value is their default ("/blog/{page}" with page=1 by default gives "/blog").
   * Undefined means a value failed its requirement in non-strict mode.
   */
  #fill(
    name: string,
    tokens: readonly RouteToken[],
    merged: Readonly<Record<string, unknown>>,
    defaults: Readonly<Record<string, unknown>>,
    utf8: boolean,
    mayOmit: boolean,
  ): string | undefined {
    let result = '';
    let optional = mayOmit;
    for (let i = tokens.length - 1; i >= 0; i--) {
      const token = tokens[i] as RouteToken;
      if (token.kind === 'text') {
        result = token.text + result;
        optional = false;
        continue;
      }
      const value = merged[token.name];
      if (optional && Object.hasOwn(defaults, token.name) && (value == null || stringify(value) === stringify(defaults[token.name]))) {
        continue;
      }
      const given = stringify(value);
      if (this.strictRequirements !== null && !this.#requirement(token, utf8).test(given)) {
        const context = { parameter: token.name, route: name, expected: token.pattern, given };
        if (this.strictRequirements) throw new InvalidParameterException(fill(INVALID_PARAMETER, context));
        this.#logger?.error(INVALID_PARAMETER, context);
        return undefined;
      }
      result = token.separator + given + result;
      optional = false;
    }
    return result;
  }

  /** Compiled once per token; case-insensitive, as in the reference. */
  #requirement(token: VariableToken, utf8: boolean): RegExp {
    let regex = this.#requirements.get(token);
    if (regex === undefined) {
      regex = new RegExp(`^(?:${withoutLookarounds(token.pattern)})$`, utf8 ? 'iu' : 'i');
      this.#requirements.set(token, regex);
    }
    return regex;
  }
}

function schemeAndAuthority(type: ReferenceType, scheme: string, host: string, context: RequestContext): string {
  if (type !== ReferenceType.ABSOLUTE_URL && type !== ReferenceType.NETWORK_PATH) return '';
  if (host === '' && (scheme === '' || scheme === 'http' || scheme === 'https')) return '';
  let port = '';
  if (scheme === 'http' && context.httpPort !== 80) port = `:${context.httpPort}`;
  else if (scheme === 'https' && context.httpsPort !== 443) port = `:${context.httpsPort}`;
  const start = type === ReferenceType.NETWORK_PATH || scheme === '' ? '//' : `${scheme}://`;
  return start + host + port;
}

/**
 * The value of each of a route's variables: from the parameters, else the context's, else
 * the route's defaults (as if the three were merged in that order of precedence, without
 * merging them); undefined when one is in none of them.
 */
function variableValues(
  variables: readonly string[],
  params: Readonly<Record<string, unknown>>,
  contextParameters: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, unknown>>,
): Record<string, unknown> | undefined {
  const values: Record<string, unknown> = {};
  for (const variable of variables) {
    if (Object.hasOwn(params, variable)) values[variable] = params[variable];
    else if (Object.hasOwn(contextParameters, variable)) values[variable] = contextParameters[variable];
    else if (Object.hasOwn(defaults, variable)) values[variable] = defaults[variable];
    else return undefined;
  }
  return values;
}

/** Parameters that are neither variables nor equal to a default go to the query string. */
function queryAndFragment(
  params: Readonly<Record<string, unknown>>,
  variables: readonly string[],
  defaults: Readonly<Record<string, unknown>>,
): string {
  // Most links have no query and no fragment: found without building anything.
  if (defaults._fragment == null && !hasExtra(params, variables, defaults)) return '';
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (variables.includes(key)) continue;
    if (Object.hasOwn(defaults, key) && looselyEqual(value, defaults[key])) continue;
    extra[key] = value;
  }
  let fragment = defaults._fragment != null ? stringify(defaults._fragment) : '';
  if (extra._fragment != null) fragment = stringify(extra._fragment);
  delete extra._fragment;

  const query = buildQuery(extra);
  return (query === '' ? '' : `?${query}`) + (fragment === '' ? '' : `#${encodeFragment(fragment)}`);
}

function hasExtra(params: Readonly<Record<string, unknown>>, variables: readonly string[], defaults: Readonly<Record<string, unknown>>): boolean {
  for (const key in params) {
    if (!Object.hasOwn(params, key) || variables.includes(key)) continue;
    if (Object.hasOwn(defaults, key) && looselyEqual(params[key], defaults[key])) continue;
    return true;
  }
  return false;
}

/** How a value reads in a URL, following PHP's string conversion (true is "1", false and null are ""). */
function stringify(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  return String(value);
}

function looselyEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' && a !== null) return JSON.stringify(a) === JSON.stringify(b);
  return stringify(a) === stringify(b);
}

function definedOnly(parameters: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(parameters)) {
    const value = parameters[key];
    if (value !== undefined) result[key] = value;
  }
  return result;
}

function fill(template: string, context: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => context[key] ?? placeholder);
}
