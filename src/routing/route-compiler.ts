import { CompiledRoute, type RouteToken, type VariableToken } from './compiled-route.ts';
import { InvalidRouteException } from './exception/invalid-route-exception.ts';
import { escapeClass, escapeRegex, needsUnicode, withoutCapturingGroups } from './regex-source.ts';
import type { Route } from './route.ts';

/** Characters that end a variable's default pattern when they follow it in the route. */
const SEPARATORS = '/,;.:-_~+*=@|';
/** Kept from the reference, where variable names become PCRE group names. */
const VARIABLE_MAXIMUM_LENGTH = 32;
const VARIABLE = /\{(\w+)\}/g;

interface CompiledPattern {
  staticPrefix: string;
  firstOptional: number;
  tokens: RouteToken[];
  variables: string[];
  regex: RegExp;
  pattern: string;
}

/**
 * Turns a Route into a CompiledRoute (see the reference §8, "Route compilation").
 *
 * A `{var}` without a requirement matches `[^/]+`, also excluding the next literal
 * separator after it, so that "/{page}.{_format}" matches "/1.html" as page=1,
 * _format=html and generating then matching gives back the same values. Trailing
 * variables that have defaults are optional.
 */
export class RouteCompiler {
  static compile(route: Route): CompiledRoute {
    const utf8 = route.getOption('utf8') === true;
    let hostRegex: RegExp | undefined;
    let hostTokens: RouteToken[] = [];
    let hostVariables: string[] = [];
    if (route.host !== '') {
      const host = compilePattern(route, route.host, true, utf8);
      hostRegex = host.regex;
      hostTokens = host.tokens;
      hostVariables = host.variables;
    }

    const path = compilePattern(route, localizedPath(route), false, utf8);
    if (path.variables.includes('_fragment')) {
      throw new InvalidRouteException(`Route pattern "${route.path}" cannot contain "_fragment" as a path parameter.`);
    }

    return new CompiledRoute({
      staticPrefix: path.staticPrefix,
      regex: path.regex,
      pattern: path.pattern,
      tokens: path.tokens,
      pathVariables: path.variables,
      firstOptional: path.firstOptional,
      hostRegex,
      hostTokens,
      hostVariables,
      utf8,
    });
  }
}

/**
 * A localized route (one per locale, with `_canonical_route`) whose `_locale` requirement
 * is exactly its own locale has that locale written into the path, so "/{_locale}/about"
 * of "about.fr" only matches "/fr/about".
 */
function localizedPath(route: Route): string {
  const locale = route.getDefault('_locale');
  if (typeof locale !== 'string' || route.getDefault('_canonical_route') == null) return route.path;
  if (route.getRequirement('_locale') !== escapeRegex(locale)) return route.path;
  return route.path.replaceAll('{_locale}', locale);
}

function compilePattern(route: Route, pattern: string, isHost: boolean, utf8: boolean): CompiledPattern {
  if (!utf8 && needsUnicode(pattern)) {
    throw new InvalidRouteException(`Cannot use UTF-8 route patterns without setting the "utf8" option for route "${route.path}".`);
  }
  const defaultSeparator = isHost ? '.' : '/';
  const tokens: RouteToken[] = [];
  const variables: string[] = [];
  let position = 0;

  for (const match of pattern.matchAll(VARIABLE)) {
    const name = match[1] as string;
    const precedingText = pattern.slice(position, match.index);
    position = match.index + match[0].length;
    const precedingChar = precedingText.slice(-1);
    const isSeparator = precedingChar !== '' && SEPARATORS.includes(precedingChar);

    checkVariableName(name, pattern, variables);
    if (isSeparator && precedingText.length > 1) {
      tokens.push({ kind: 'text', text: precedingText.slice(0, -1) });
    } else if (!isSeparator && precedingText !== '') {
      tokens.push({ kind: 'text', text: precedingText });
    }

    const requirement = route.getRequirement(name);
    let variablePattern: string;
    if (requirement === undefined) {
      const nextSeparator = findNextSeparator(pattern.slice(position));
      const excluded = defaultSeparator + (nextSeparator !== defaultSeparator ? nextSeparator : '');
      variablePattern = `[^${escapeClass(excluded)}]+`;
    } else {
      variablePattern = checkedRequirement(name, requirement, pattern, utf8);
    }
    tokens.push({ kind: 'variable', separator: isSeparator ? precedingChar : '', pattern: variablePattern, name });
    variables.push(name);
  }
  if (position < pattern.length) tokens.push({ kind: 'text', text: pattern.slice(position) });

  const firstOptional = isHost ? Number.POSITIVE_INFINITY : findFirstOptional(route, tokens);
  const flags = 's' + (isHost ? 'i' : '') + (utf8 ? 'u' : '');
  const named = tokens.map((_, i) => tokenSource(tokens, i, firstOptional, true)).join('');
  return {
    staticPrefix: determineStaticPrefix(route, tokens),
    firstOptional,
    tokens,
    variables,
    regex: new RegExp(`^${named}$`, flags),
    pattern: tokens.map((_, i) => tokenSource(tokens, i, firstOptional, false)).join(''),
  };
}

function checkVariableName(name: string, pattern: string, seen: readonly string[]): void {
  // A name is also a JavaScript identifier for controller arguments, so no leading digit.
  if (/^\d/.test(name)) {
    throw new InvalidRouteException(`Variable name "${name}" cannot start with a digit in route pattern "${pattern}". Please use a different name.`);
  }
  if (seen.includes(name)) {
    throw new InvalidRouteException(`Route pattern "${pattern}" cannot reference variable name "${name}" more than once.`);
  }
  if (name.length > VARIABLE_MAXIMUM_LENGTH) {
    throw new InvalidRouteException(
      `Variable name "${name}" cannot be longer than ${VARIABLE_MAXIMUM_LENGTH} characters in route pattern "${pattern}". Please use a shorter name.`,
    );
  }
}

function checkedRequirement(name: string, requirement: string, pattern: string, utf8: boolean): string {
  if (!utf8 && needsUnicode(requirement)) {
    throw new InvalidRouteException(
      `Cannot use UTF-8 route requirements without setting the "utf8" option for variable "${name}" in pattern "${pattern}".`,
    );
  }
  const source = withoutCapturingGroups(requirement);
  try {
    new RegExp(source, utf8 ? 'su' : 's');
  } catch (error) {
    throw new InvalidRouteException(
      `Routing requirement for "${name}" in pattern "${pattern}" is not a valid regular expression: ${requirement}`,
      { cause: error },
    );
  }
  return source;
}

/** The first static character after the variable, when it is a separator. */
function findNextSeparator(following: string): string {
  const first = following.replace(VARIABLE, '').charAt(0);
  return first !== '' && SEPARATORS.includes(first) ? first : '';
}

/** Index of the first of the trailing variables that all have defaults. */
function findFirstOptional(route: Route, tokens: readonly RouteToken[]): number {
  let firstOptional = Number.POSITIVE_INFINITY;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i] as RouteToken;
    if (token.kind !== 'variable' || !route.hasDefault(token.name)) break;
    firstOptional = i;
  }
  return firstOptional;
}

function tokenSource(tokens: readonly RouteToken[], index: number, firstOptional: number, named: boolean): string {
  const token = tokens[index] as RouteToken;
  if (token.kind === 'text') return escapeRegex(token.text);
  const group = named ? `(?<${token.name}>${token.pattern})` : `(${token.pattern})`;
  const separator = escapeRegex(token.separator);
  // When the whole pattern is optional, its first separator stays required ("/" matches "/{page}").
  if (index === 0 && firstOptional === 0) return `${separator}${group}?`;
  if (index < firstOptional) return `${separator}${group}`;
  let source = `(?:${separator}${group}`;
  if (index === tokens.length - 1) source += ')?'.repeat(tokens.length - firstOptional - (firstOptional === 0 ? 1 : 0));
  return source;
}

function determineStaticPrefix(route: Route, tokens: readonly RouteToken[]): string {
  const first = tokens[0];
  if (first === undefined) return '';
  if (first.kind === 'variable') {
    return route.hasDefault(first.name) || first.separator === '/' ? '' : first.separator;
  }
  const second = tokens[1] as VariableToken | undefined;
  if (second !== undefined && second.separator !== '/' && !route.hasDefault(second.name)) {
    return first.text + second.separator;
  }
  return first.text;
}
