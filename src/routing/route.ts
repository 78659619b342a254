import type { CompiledRoute } from './compiled-route.ts';
import { InvalidRouteException } from './exception/invalid-route-exception.ts';
import type { RequestContext } from './request-context.ts';
import { RouteCompiler } from './route-compiler.ts';

/**
 * An extra test run after the path, host, method and scheme match (the reference's
 * `condition` expression, as a plain function). `request` is whatever the caller passed
 * to `matchRequest()`, or undefined.
 */
export type RouteCondition = (context: RequestContext, request: unknown) => boolean;

export interface RouteInit {
  defaults?: Readonly<Record<string, unknown>>;
  /** Regular expressions (source text or RegExp) for variables, without anchors. */
  requirements?: Readonly<Record<string, string | RegExp>>;
  options?: Readonly<Record<string, unknown>>;
  host?: string;
  schemes?: string | readonly string[];
  methods?: string | readonly string[];
  condition?: RouteCondition;
  /** Routes of higher priority are matched first; see RouteCollection. */
  priority?: number;
  /** Match the path as Unicode text and allow non-ASCII characters in it and its requirements. */
  utf8?: boolean;
}

/** `{name}`, `{name<requirement>}`, `{name?default}`, `{name<requirement>?default}`. */
const INLINE_VARIABLE = /\{(\w+)(<.*?>)?(\?[^}]*)?\}/g;

/**
 * One route: a path pattern with `{variables}`, and the defaults, requirements, host,
 * methods, schemes and condition that go with it. Routes are built at boot (by hand,
 * from configuration or from decorators) and are mutable until the router compiles
 * them; `compile()` is cached and any change clears the cache.
 */
export class Route {
  #path = '/';
  #host = '';
  #schemes: string[] = [];
  #methods: string[] = [];
  #defaults: Record<string, unknown> = {};
  #requirements: Record<string, string> = {};
  #options: Record<string, unknown> = {};
  #condition: RouteCondition | undefined;
  #priority = 0;
  #compiled: CompiledRoute | undefined;

  constructor(path: string, init: RouteInit = {}) {
    // The reference's order: explicit defaults and requirements override inline ones in
    // the path, while inline ones in the host override explicit ones.
    this.setPath(path);
    this.addDefaults(init.defaults ?? {});
    this.addRequirements(init.requirements ?? {});
    this.addOptions(init.options ?? {});
    if (init.utf8 !== undefined) this.setOption('utf8', init.utf8);
    this.setHost(init.host ?? '');
    this.setSchemes(init.schemes ?? []);
    this.setMethods(init.methods ?? []);
    this.setCondition(init.condition);
    this.#priority = init.priority ?? 0;
  }

  get path(): string {
    return this.#path;
  }

  /**
   * Sets the pattern. It always starts with exactly one slash: a path starting with "//"
   * would be generated as a network path ("//host/...").
   */
  setPath(pattern: string): this {
    const path = this.#extractInline(pattern);
    this.#path = '/' + path.trim().replace(/^\/+/, '');
    return this.#changed();
  }

  /** The host pattern ('' for any host), e.g. `{subdomain}.example.com`. */
  get host(): string {
    return this.#host;
  }

  setHost(pattern: string): this {
    this.#host = this.#extractInline(pattern);
    return this.#changed();
  }

  /** Lower case; empty means any scheme. */
  get schemes(): readonly string[] {
    return this.#schemes;
  }

  setSchemes(schemes: string | readonly string[]): this {
    this.#schemes = toList(schemes).map((scheme) => scheme.toLowerCase());
    return this.#changed();
  }

  hasScheme(scheme: string): boolean {
    return this.#schemes.includes(scheme.toLowerCase());
  }

  /** Upper case; empty means any method. */
  get methods(): readonly string[] {
    return this.#methods;
  }

  setMethods(methods: string | readonly string[]): this {
    this.#methods = toList(methods).map((method) => method.toUpperCase());
    return this.#changed();
  }

  get condition(): RouteCondition | undefined {
    return this.#condition;
  }

  setCondition(condition: RouteCondition | undefined): this {
    this.#condition = condition;
    return this.#changed();
  }

  get priority(): number {
    return this.#priority;
  }

  setPriority(priority: number): this {
    this.#priority = priority;
    return this;
  }

  get options(): Readonly<Record<string, unknown>> {
    return this.#options;
  }

  addOptions(options: Readonly<Record<string, unknown>>): this {
    Object.assign(this.#options, options);
    return this.#changed();
  }

  setOption(name: string, value: unknown): this {
    this.#options[name] = value;
    return this.#changed();
  }

  getOption(name: string): unknown {
    return this.#options[name];
  }

  get defaults(): Readonly<Record<string, unknown>> {
    return this.#defaults;
  }

  setDefaults(defaults: Readonly<Record<string, unknown>>): this {
    this.#defaults = {};
    return this.addDefaults(defaults);
  }

  addDefaults(defaults: Readonly<Record<string, unknown>>): this {
    Object.assign(this.#defaults, defaults);
    return this.#changed();
  }

  setDefault(name: string, value: unknown): this {
    this.#defaults[name] = value;
    return this.#changed();
  }

  getDefault(name: string): unknown {
    return this.#defaults[name];
  }

  /** True even when the default is null: `{page?}` makes `page` optional with a null default. */
  hasDefault(name: string): boolean {
    return Object.hasOwn(this.#defaults, name);
  }

  get requirements(): Readonly<Record<string, string>> {
    return this.#requirements;
  }

  setRequirements(requirements: Readonly<Record<string, string | RegExp>>): this {
    this.#requirements = {};
    this.#changed();
    return this.addRequirements(requirements);
  }

  addRequirements(requirements: Readonly<Record<string, string | RegExp>>): this {
    for (const [name, regex] of Object.entries(requirements)) this.setRequirement(name, regex);
    return this;
  }

  setRequirement(name: string, regex: string | RegExp): this {
    this.#requirements[name] = sanitizeRequirement(name, regex);
    return this.#changed();
  }

  getRequirement(name: string): string | undefined {
    return Object.hasOwn(this.#requirements, name) ? this.#requirements[name] : undefined;
  }

  hasRequirement(name: string): boolean {
    return Object.hasOwn(this.#requirements, name);
  }

  /** The compiled form (regexes, tokens, variables), built once until the route changes. */
  compile(): CompiledRoute {
    return (this.#compiled ??= RouteCompiler.compile(this));
  }

  clone(): Route {
    return new Route(this.#path, {
      defaults: this.#defaults,
      requirements: this.#requirements,
      options: this.#options,
      host: this.#host,
      schemes: this.#schemes,
      methods: this.#methods,
      condition: this.#condition,
      priority: this.#priority,
    });
  }

  #changed(): this {
    this.#compiled = undefined;
    return this;
  }

  /** Moves inline requirements and defaults (`{id<\d+>?1}`) into the route and keeps `{id}`. */
  #extractInline(pattern: string): string {
    if (!pattern.includes('<') && !pattern.includes('?')) return pattern;
    return pattern.replace(INLINE_VARIABLE, (_all, name: string, requirement?: string, fallback?: string) => {
      if (fallback !== undefined) this.setDefault(name, fallback === '?' ? null : fallback.slice(1));
      if (requirement !== undefined) this.setRequirement(name, requirement.slice(1, -1));
      return `{${name}}`;
    });
  }
}

function toList(value: string | readonly string[]): string[] {
  return typeof value === 'string' ? [value] : [...value];
}

/** Anchors are implied (a requirement always matches a whole variable), so they are dropped. */
function sanitizeRequirement(name: string, regex: string | RegExp): string {
  let source = typeof regex === 'string' ? regex : regex.source;
  if (typeof source !== 'string') {
    throw new InvalidRouteException(`Routing requirement for "${name}" must be a string.`);
  }
  if (source.startsWith('^')) source = source.slice(1);
  if (source.endsWith('$') && !source.endsWith('\\$')) source = source.slice(0, -1);
  if (source === '') {
    throw new InvalidRouteException(`Routing requirement for "${name}" cannot be empty.`);
  }
  return source;
}
