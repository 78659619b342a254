/** Literal text of a path or host pattern. */
export interface TextToken {
  readonly kind: 'text';
  readonly text: string;
}

/** A `{variable}`, with the separator character that precedes it (or ''). */
export interface VariableToken {
  readonly kind: 'variable';
  readonly separator: string;
  /** The regular expression its value must match (no capturing groups, no anchors). */
  readonly pattern: string;
  readonly name: string;
}

export type RouteToken = TextToken | VariableToken;

export interface CompiledRouteInit {
  staticPrefix: string;
  regex: RegExp;
  pattern: string;
  tokens: readonly RouteToken[];
  pathVariables: readonly string[];
  hostRegex?: RegExp | undefined;
  hostTokens?: readonly RouteToken[];
  hostVariables?: readonly string[];
  firstOptional?: number;
  utf8: boolean;
}

/**
 * What the compiler makes of a Route: the literal prefix every matching path starts
 * with, the regexes, the tokens the URL generator walks, and the variable names.
 */
export class CompiledRoute {
  /** Literal start of every matching path (may end in the separator of a required variable). */
  readonly staticPrefix: string;
  /** `^...$` over the decoded path, one named group per path variable. */
  readonly regex: RegExp;
  /**
   * The same expression unanchored and with plain numbered groups (one per path variable,
   * in order), for matchers that combine many routes into one regex.
   */
  readonly pattern: string;
  /** Path tokens in pattern order. */
  readonly tokens: readonly RouteToken[];
  readonly pathVariables: readonly string[];
  /** Case-insensitive `^...$` over the host, or undefined when the route accepts any host. */
  readonly hostRegex: RegExp | undefined;
  readonly hostTokens: readonly RouteToken[];
  readonly hostVariables: readonly string[];
  /** Host variables, then path variables, each once. */
  readonly variables: readonly string[];
  /** Index of the first of the trailing optional tokens (variables with defaults), or Infinity. */
  readonly firstOptional: number;
  /** Whether the regexes carry the `u` flag (the route's `utf8` option). */
  readonly utf8: boolean;

  constructor(init: CompiledRouteInit) {
    this.staticPrefix = init.staticPrefix;
    this.regex = init.regex;
    this.pattern = init.pattern;
    this.tokens = init.tokens;
    this.pathVariables = init.pathVariables;
    this.hostRegex = init.hostRegex;
    this.hostTokens = init.hostTokens ?? [];
    this.hostVariables = init.hostVariables ?? [];
    this.variables = [...new Set([...this.hostVariables, ...this.pathVariables])];
    this.firstOptional = init.firstOptional ?? Number.POSITIVE_INFINITY;
    this.utf8 = init.utf8;
  }

  /** The path ends with "/" (the root path "/" excepted), so "/foo/" is the canonical form. */
  get hasTrailingSlash(): boolean {
    const last = this.tokens[this.tokens.length - 1];
    return last?.kind === 'text' && last.text.endsWith('/') && !(this.tokens.length === 1 && last.text === '/');
  }

  /** The path ends with a variable, optionally followed by "/": that variable's value may be what holds a trailing slash. */
  get hasTrailingVariable(): boolean {
    const count = this.tokens.length;
    const last = this.tokens[count - 1];
    if (last?.kind === 'variable') return true;
    return last?.kind === 'text' && last.text === '/' && this.tokens[count - 2]?.kind === 'variable';
  }
}
