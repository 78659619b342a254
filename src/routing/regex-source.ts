// Helpers that build regular-expression source text. They produce only escapes that are
// valid both with and without the `u` flag, since UTF-8 routes compile with it.

const SYNTAX = /[\\^$.*+?()[\]{}|]/g;
const CLASS_SYNTAX = /[\\\]^[-]/g;

/** Escapes literal text for use outside a character class. */
export function escapeRegex(text: string): string {
  return text.replace(SYNTAX, '\\$&');
}

/** Escapes literal text for use inside a character class. */
export function escapeClass(text: string): string {
  return text.replace(CLASS_SYNTAX, '\\$&');
}

/**
 * Rewrites capturing groups of a requirement as non-capturing ones, so that a route's
 * capture groups are exactly its variables. Lookarounds and existing non-capturing
 * groups are kept; named groups lose their name. (A backreference in a requirement
 * cannot survive this; requirements are simple patterns in practice.)
 */
export function withoutCapturingGroups(source: string): string {
  let result = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      result += char + (source[i + 1] ?? '');
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
      result += char;
    } else if (char === '[') {
      inClass = true;
      result += char;
    } else if (char !== '(') {
      result += char;
    } else if (source[i + 1] !== '?') {
      result += '(?:';
    } else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
      const end = source.indexOf('>', i);
      result += '(?:';
      i = end;
    } else {
      result += char;
    }
  }
  return result;
}

/** Characters that can only be matched with the `u` flag's semantics, or that need it to parse. */
const NEEDS_UNICODE = /[^\x00-\x7f]|(?<!\\)(?:\\\\)*\\(?:[pP]\{|u\{)/;

export function needsUnicode(source: string): boolean {
  return NEEDS_UNICODE.test(source);
}

/**
 * Removes lookahead and lookbehind groups. The generator checks a value against its
 * requirement on its own, where assertions about the surrounding path cannot hold.
 */
export function withoutLookarounds(source: string): string {
  let result = '';
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      result += char + (source[i + 1] ?? '');
      i++;
    } else if (char === '[') {
      const end = classEnd(source, i);
      result += source.slice(i, end + 1);
      i = end;
    } else if (char === '(' && /^\(\?(?:=|!|<=|<!)/.test(source.slice(i, i + 4))) {
      i = groupEnd(source, i);
    } else {
      result += char;
    }
  }
  return result;
}

function classEnd(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']' && i > start + 1) return i;
  }
  return source.length - 1;
}

function groupEnd(source: string, start: number): number {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (char === '[') i = classEnd(source, i);
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
  }
  return source.length - 1;
}
