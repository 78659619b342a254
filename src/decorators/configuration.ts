import type { RouteCondition } from '../routing/route.ts';

/** Seconds as a number, or a relative time such as `"1 day"` or `"+2 hours"`. */
export type Duration = number | string;

/**
 * A value computed from the request attributes, the reference's expressions in JavaScript:
 * a function of the attributes, or a dotted path such as `'event.updatedAt'`.
 */
export type AttributeExpression = string | ((attributes: Readonly<Record<string, unknown>>) => unknown);

/** `@Route`: on a method, one route; on a class, the prefix, name prefix and shared settings of its routes. */
export interface RouteConfiguration {
  path?: string;
  name?: string;
  requirements?: Readonly<Record<string, string | RegExp>>;
  defaults?: Readonly<Record<string, unknown>>;
  methods?: string | readonly string[];
  host?: string;
  schemes?: string | readonly string[];
  priority?: number;
  condition?: RouteCondition;
  options?: Readonly<Record<string, unknown>>;
  locale?: string;
  format?: string;
  utf8?: boolean;
}

/** `@Cache`: HTTP cache headers for the response, and validators checked before the controller runs. */
export interface CacheConfiguration {
  /** When the response expires: a date or relative time (`"tomorrow"`, `"+2 days"`). */
  expires?: string;
  maxage?: Duration;
  smaxage?: Duration;
  /** true: `public`; false: `private`. */
  public?: boolean;
  /** Same as `public: false`. */
  private?: boolean;
  mustRevalidate?: boolean;
  vary?: string | readonly string[];
  lastModified?: AttributeExpression;
  etag?: AttributeExpression;
  maxStale?: Duration;
  staleWhileRevalidate?: Duration;
  staleIfError?: Duration;
}

/** `@Template`: the template a controller's result is rendered with (TemplateListener). */
export interface TemplateConfiguration {
  /** The template name; guessed from the controller when omitted. */
  template?: string;
  /** Request attributes passed as variables when the controller returns nothing. */
  vars?: readonly string[];
  /** Render into a StreamedResponse. */
  streamable?: boolean;
}

/** `@IsGranted`: a permission checked before the controller runs (IsGrantedListener). */
export interface IsGrantedConfiguration {
  attributes: string | readonly string[];
  /** The controller argument or request attribute the permission is about (several give an object of them). */
  subject?: string | readonly string[];
  message?: string;
  statusCode?: number;
}

/** `@ParamConverter` / `@Entity`: how a request attribute becomes the object a controller asks for. */
export interface ParamConverterConfiguration {
  /** The request attribute (and controller parameter) converted. */
  name: string;
  class?: Function;
  /** Only this converter (by name) may convert it. */
  converter?: string;
  options: Readonly<Record<string, unknown>>;
  isOptional: boolean;
  /** Which declaration made it, for error messages ("... by the @Entity annotation."). */
  annotation: 'ParamConverter' | 'Entity';
}

/** `@RateLimit`: a named limiter consumed before the controller runs (see rate-limiter/rate-limiting-controller-resolver.ts). */
export interface RateLimitConfiguration {
  /** The limiter's name, as defined in the `rate_limiters` service. */
  limiter: string;
  /**
   * What is counted apart: the client's IP (default), the authenticated user, the API
   * token presented (`Authorization: Bearer`; the IP without one), or a function of the request.
   */
  key: 'ip' | 'user' | 'token' | ((request: import('../http/request.ts').Request) => string | Promise<string>);
  /** Tokens each call takes (default 1). */
  tokens: number;
}

export interface ConfigurationMap {
  route: RouteConfiguration;
  cache: CacheConfiguration;
  template: TemplateConfiguration;
  is_granted: IsGrantedConfiguration;
  converters: ParamConverterConfiguration;
  rate_limit: RateLimitConfiguration;
}

export type ConfigurationAlias = keyof ConfigurationMap;

/**
 * One declaration on a class or method. The alias names the request attribute that
 * ControllerListener fills (`_cache`, `_template`, `_is_granted`, `_converters`).
 */
export type Configuration = { [K in ConfigurationAlias]: { readonly alias: K; readonly value: Readonly<ConfigurationMap[K]> } }[ConfigurationAlias];

/** Declarations that may repeat and become a list; the others are single values. */
export const LIST_ALIASES: ReadonlySet<ConfigurationAlias> = new Set(['route', 'is_granted', 'converters', 'rate_limit']);
