import type { Cookie } from '../http/cookie.ts';

/**
 * The cookies a test client sends back: one host, names to values. A cookie the server
 * clears (or sets already expired) is forgotten. Paths and domains are not told apart: a
 * test talks to one application.
 */
export class CookieJar {
  readonly #values = new Map<string, string>();

  get(name: string): string | undefined {
    return this.#values.get(name);
  }

  set(name: string, value: string): void {
    this.#values.set(name, value);
  }

  delete(name: string): void {
    this.#values.delete(name);
  }

  clear(): void {
    this.#values.clear();
  }

  /** The names and values held, in the order they were first set. */
  all(): Record<string, string> {
    return Object.fromEntries(this.#values);
  }

  /** Takes in what a response set or cleared. */
  update(cookies: Iterable<Cookie>, now = Date.now()): void {
    for (const cookie of cookies) {
      const expires = cookie.options.expires;
      const expired = cookie.options.maxAge !== undefined ? cookie.options.maxAge <= 0 : expires !== undefined && expires.getTime() <= now;
      if (cookie.isCleared || expired) this.#values.delete(cookie.name);
      else this.#values.set(cookie.name, cookie.value);
    }
  }

  /** The `Cookie` request header; undefined when the jar is empty. */
  header(): string | undefined {
    if (this.#values.size === 0) return undefined;
    return [...this.#values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
