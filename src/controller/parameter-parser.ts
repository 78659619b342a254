export interface ParsedParameter {
  readonly name: string;
  readonly hasDefault: boolean;
  readonly isVariadic: boolean;
}

const cache = new WeakMap<Function, readonly ParsedParameter[]>();
const identifier = /^[A-Za-z_$][\w$]*/;

/**
 * The parameters of a function, read from its source: JavaScript keeps no parameter
 * names at run time, and argument resolution goes by name. Handles functions, methods,
 * arrows (with or without parentheses), defaults holding commas or brackets, rest
 * parameters, comments and strings; a destructured parameter is named `argN`. A function
 * whose source is not available (native, bound) gets `argN` names from its length.
 */
export function parseParameters(fn: Function): readonly ParsedParameter[] {
  let parsed = cache.get(fn);
  if (parsed === undefined) {
    parsed = parse(Function.prototype.toString.call(fn), fn.length);
    cache.set(fn, parsed);
  }
  return parsed;
}

function parse(source: string, length: number): ParsedParameter[] {
  if (source.includes('[native code]')) return Array.from({ length }, (_, i) => ({ name: `arg${i}`, hasDefault: false, isVariadic: false }));
  const open = findParamsStart(source);
  if (open === -1) {
    const arrow = /^(?:async\s+)?([A-Za-z_$][\w$]*)\s*=>/.exec(source);
    return arrow === null ? [] : [{ name: arrow[1]!, hasDefault: false, isVariadic: false }];
  }
  return splitTopLevel(source, open + 1).map((raw, index) => describe(raw, index)).filter((p): p is ParsedParameter => p !== undefined);
}

/** The index of the `(` opening the parameter list: the first one outside brackets and strings. */
function findParamsStart(source: string): number {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '=' && source[i + 1] === '>' && depth === 0) return -1;
    if (c === '"' || c === "'" || c === '`') i = skipString(source, i);
    else if (c === '/' && (source[i + 1] === '/' || source[i + 1] === '*')) i = skipComment(source, i);
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === '(' && depth === 0) return i;
  }
  return -1;
}

/** Splits the text after `(` up to its matching `)` at top-level commas, comments removed. */
function splitTopLevel(source: string, start: number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = start; i < source.length; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const end = skipString(source, i);
      current += source.slice(i, end + 1);
      i = end;
    } else if (c === '/' && (source[i + 1] === '/' || source[i + 1] === '*')) {
      i = skipComment(source, i);
      current += ' ';
    } else if (c === '(' || c === '[' || c === '{') {
      depth++;
      current += c;
    } else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) break;
      depth--;
      current += c;
    } else if (c === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  if (current.trim() !== '') parts.push(current);
  return parts;
}

function describe(raw: string, index: number): ParsedParameter | undefined {
  let text = raw.trim();
  if (text === '') return undefined;
  const isVariadic = text.startsWith('...');
  if (isVariadic) text = text.slice(3).trim();
  const name = identifier.exec(text)?.[0] ?? `arg${index}`;
  const hasDefault = hasTopLevelEquals(text);
  return { name, hasDefault, isVariadic };
}

function hasTopLevelEquals(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') i = skipString(text, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === '=' && depth === 0 && text[i + 1] !== '>' && text[i + 1] !== '=') return true;
  }
  return false;
}

function skipString(source: string, start: number): number {
  const quote = source[start];
  for (let i = start + 1; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === quote) return i;
    else if (quote === '`' && c === '$' && source[i + 1] === '{') {
      let depth = 0;
      for (i += 1; i < source.length; i++) {
        if (source[i] === '{') depth++;
        else if (source[i] === '}' && --depth === 0) break;
      }
    }
  }
  return source.length;
}

function skipComment(source: string, start: number): number {
  if (source[start + 1] === '/') {
    const end = source.indexOf('\n', start);
    return end === -1 ? source.length : end;
  }
  const end = source.indexOf('*/', start + 2);
  return end === -1 ? source.length : end + 1;
}
