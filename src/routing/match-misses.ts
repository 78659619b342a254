import { Rejection, type RouteEntry } from './route-entry.ts';

/**
 * The near misses of one matching pass: methods and schemes of routes that matched
 * except for the request's method or scheme, in order and without duplicates. They
 * decide between a 405, a scheme redirect and a 404.
 */
export class MatchMisses {
  /** No misses recorded; also what a pass returns when it stops for a trailing-slash redirect. */
  static readonly NONE: MatchMisses = MatchMisses.#frozen();
  /**
   * No misses, and no route's path even matched: a matcher that can tell returns this, so
   * that a redirectable match need not try the path again with its trailing slash
   * toggled when that cannot match either (see CompiledUrlMatcher).
   */
  static readonly UNRELATED: MatchMisses = MatchMisses.#frozen();

  readonly allow: string[] = [];
  readonly allowSchemes: string[] = [];

  addMethods(methods: readonly string[]): void {
    for (const method of methods) if (!this.allow.includes(method)) this.allow.push(method);
  }

  addSchemes(schemes: readonly string[]): void {
    for (const scheme of schemes) if (!this.allowSchemes.includes(scheme)) this.allowSchemes.push(scheme);
  }

  /** Records a route rejected for its method or scheme; other rejections leave no trace. */
  record(entry: RouteEntry, rejection: Rejection): void {
    if (rejection === Rejection.METHOD && entry.methods !== null) this.addMethods(entry.methods);
    else if (rejection === Rejection.SCHEME && entry.schemes !== null) this.addSchemes(entry.schemes);
  }

  get isEmpty(): boolean {
    return this.allow.length === 0 && this.allowSchemes.length === 0;
  }

  /** Shared by every request, so nothing in it may ever change. */
  static #frozen(): MatchMisses {
    const misses = new MatchMisses();
    Object.freeze(misses.allow);
    Object.freeze(misses.allowSchemes);
    return Object.freeze(misses);
  }
}
