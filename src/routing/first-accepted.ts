import { MatchMisses } from './match-misses.ts';
import type { MatchInput } from './match-input.ts';
import { Rejection, type RouteEntry } from './route-entry.ts';
import type { RouteParameters } from './route-matcher.ts';

/**
 * Tries candidates in matching order and returns the first one's parameters, or the
 * method and scheme misses collected on the way (a trailing-slash redirect ends the
 * search with no misses, so the matcher retries with the slash toggled). The plain
 * matcher walks every route with it, the compiled one the candidates after a rejection.
 */
export function firstAccepted(
  candidates: Iterable<RouteEntry>,
  input: MatchInput,
  misses: MatchMisses | undefined,
): RouteParameters | MatchMisses {
  for (const entry of candidates) {
    const match = entry.regex.exec(input.path);
    if (match === null) continue;
    const result = entry.evaluate(input, match, 1);
    if (typeof result !== 'number') return result;
    if (result === Rejection.SLASH_REDIRECT) return MatchMisses.NONE;
    if (result === Rejection.METHOD || result === Rejection.SCHEME) (misses ??= new MatchMisses()).record(entry, result);
  }
  return misses ?? MatchMisses.NONE;
}
