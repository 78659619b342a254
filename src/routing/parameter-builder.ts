import type { Captures } from './route-entry.ts';
import type { RouteParameters } from './route-matcher.ts';

/**
 * Builds a matched route's parameters from its defaults and captures.
 *
 * Every route has its own set of keys, so a generic loop that copies the defaults and
 * assigns `result[name] = value` makes V8's property caches megamorphic; measured, that
 * took most of a dynamic lookup's time. A function generated per route (once, at boot)
 * returns one object literal with the route's keys in place: `_route`, the defaults,
 * then host and path variables, a variable that overrides a default keeping the
 * default's position and a variable that did not participate keeping the default.
 * Keys and values never appear in the code: keys are JSON string literals, values are
 * read from arrays.
 */
export type ParameterBuilder = (
  match: Captures | null,
  offset: number,
  hostGroups: Record<string, string | undefined> | undefined,
) => RouteParameters;

export function parameterBuilder(
  routeName: string,
  defaults: Readonly<Record<string, unknown>>,
  hostVariables: readonly string[],
  pathVariables: readonly string[],
): ParameterBuilder {
  const values: unknown[] = [];
  const fields = new Map<string, string>();
  fields.set('_route', `r`);
  for (const [key, value] of Object.entries(defaults)) {
    values.push(value);
    fields.set(key, `d[${values.length - 1}]`);
  }
  // A variable without a default is never optional, so it always took part in a match.
  const variable = (key: string, read: string): void => {
    const fallback = fields.get(key);
    fields.set(key, fallback === undefined ? read : `(${read} !== undefined ? ${read} : ${fallback})`);
  };
  for (const name of hostVariables) variable(name, `h[${JSON.stringify(name)}]`);
  pathVariables.forEach((name, i) => variable(name, `m[o + ${i}]`));

  const body = [...fields].map(([key, code]) => `${literalKey(key)}: ${code}`).join(', ');
  const factory = new Function('r', 'd', `return function build(m, o, h) { ${hostVariables.length > 0 ? 'h = h || {};' : ''} return { ${body} }; };`);
  return factory(routeName, values) as ParameterBuilder;
}

/** `__proto__` as a plain literal key would set the prototype, so it is written as a computed key. */
function literalKey(key: string): string {
  return key === '__proto__' ? `[${JSON.stringify(key)}]` : JSON.stringify(key);
}
