export { freePort } from 'sluice/testing';

/** A browser's cookie jar over fetch: follows no redirect, keeps the cookies it is sent. */
export class CookieClient {
  readonly #cookies = new Map<string, string>();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.#cookies.size > 0) headers.set('cookie', [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(';')[0]!;
      const equals = pair.indexOf('=');
      this.#cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1));
    }
    return response;
  }
}
