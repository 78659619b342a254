import type { CompiledRoute, RouteToken } from './compiled-route.ts';
import { trimTrailingSlashes } from './path-info.ts';

/**
 * How many "/" a path that matches the route can have once its trailing slashes are
 * trimmed: one value per number of optional variables present ("/blog/{page}" with a
 * default page: 1 or 2). A path with another count cannot match, so the matcher only
 * tries the routes of the path's own count.
 *
 * Undefined means "any count": a variable whose requirement may match "/" (".+") or the
 * empty string (a trailing slash then becomes ambiguous). The check of requirements is
 * syntactic and errs on the side of "any".
 */
export function slashCounts(compiled: CompiledRoute): number[] | undefined {
  const tokens = compiled.tokens;
  for (const token of tokens) {
    if (token.kind === 'variable' && !isSegmentBound(token.pattern, compiled.utf8)) return undefined;
  }
  const counts = new Set<number>();
  const shortest = Math.min(compiled.firstOptional, tokens.length);
  for (let present = shortest; present <= tokens.length; present++) {
    // When every token is optional, the first variable's separator is still required.
    const first = tokens[0];
    const body = present > 0 ? sample(tokens, present) : first?.kind === 'variable' ? first.separator : '';
    counts.add(countSlashes(trimTrailingSlashes(body === '' ? '/' : body)));
  }
  return [...counts];
}

function countSlashes(path: string): number {
  let count = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) count++;
  return count;
}

/** A path made of the first `present` tokens, each variable standing for one character. */
function sample(tokens: readonly RouteToken[], present: number): string {
  let body = '';
  for (let i = 0; i < present; i++) {
    const token = tokens[i] as RouteToken;
    body += token.kind === 'text' ? token.text : `${token.separator}x`;
  }
  return body;
}

/** True when the pattern can match neither "" nor anything containing "/". */
export function isSegmentBound(pattern: string, utf8: boolean): boolean {
  if (new RegExp(`^(?:${pattern})$`, utf8 ? 'su' : 's').test('')) return false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '\\') {
      if (!SAFE_ESCAPES.includes(pattern[i + 1] ?? '')) return false;
      i++;
    } else if (char === '.' || char === '/') {
      return false;
    } else if (char === '[') {
      const end = classEnd(pattern, i);
      if (end === -1 || !isClassBound(pattern.slice(i + 1, end))) return false;
      i = end;
    }
  }
  return true;
}

/** Escapes that never match "/": digits, word characters, white space, assertions, escaped punctuation. */
const SAFE_ESCAPES = 'dwsbBntrfv.-_+*?()[]{}|^$\\,;:=@~!#%&<>"\'';

function classEnd(pattern: string, start: number): number {
  for (let i = start + 1; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ']') return i;
  }
  return -1;
}

/** A class body that cannot match "/": `^...` listing "/", or a plain list without "/" or a range around it. */
function isClassBound(body: string): boolean {
  if (body.startsWith('^')) return body.includes('/');
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (char === '\\') {
      if (!SAFE_ESCAPES.includes(body[i + 1] ?? '') || body[i + 1] === 'b') return false;
      i++;
    } else if (char === '/') {
      return false;
    } else if (body[i + 1] === '-' && i + 2 < body.length) {
      const to = body[i + 2] as string;
      if (to === '\\' || (char <= '/' && to >= '/')) return false;
      i += 2;
    }
  }
  return true;
}
