import { load, type CheerioAPI } from 'cheerio';
import type { Response } from '../http/response.ts';
import type { ResponseHeaderBag } from '../http/response-header-bag.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/**
 * A response as the test client received it: the kernel's Response, prepared and written
 * as the server would, and its body already read, so every helper is synchronous.
 *
 * ```ts
 * const page = await client.request('GET', '/');
 * assert.equal(page.status, 200);
 * assert.equal(page.select('h1').text(), 'Upcoming events');
 * ```
 */
export class TestResponse {
  /** The kernel's Response (its headers, cookies and status as listeners left them). */
  readonly response: Response;
  /** The bytes the server would have sent (none for HEAD, 204 and 304). */
  readonly body: Buffer;
  #text: string | undefined;
  #document: CheerioAPI | undefined;

  constructor(response: Response, body: Buffer) {
    this.response = response;
    this.body = body;
  }

  get status(): number {
    return this.response.statusCode;
  }

  get headers(): ResponseHeaderBag {
    return this.response.headers;
  }

  /** A header's first value; undefined when the response has none. */
  header(name: string): string | undefined {
    return this.response.headers.get(name);
  }

  /** Whether the status is a redirect (3xx with a Location header). */
  get isRedirect(): boolean {
    return this.status >= 300 && this.status < 400 && this.header('Location') !== undefined;
  }

  /** The body decoded as UTF-8. */
  text(): string {
    return (this.#text ??= this.body.toString('utf8'));
  }

  /** The body parsed as JSON; a body that is not JSON is an error that shows its start. */
  json<T = unknown>(): T {
    try {
      return JSON.parse(this.text()) as T;
    } catch {
      throw new SluiceError('SLUICE_TEST_BODY_NOT_JSON', { status: this.status, type: this.header('Content-Type') ?? 'no Content-Type', start: JSON.stringify(this.text().slice(0, 120)) });
    }
  }

  /** The body parsed as an HTML document (cheerio), for CSS-selector queries. */
  html(): CheerioAPI {
    return (this.#document ??= load(this.text()));
  }

  /** The elements matching a CSS selector: `select('h2').map((_, e) => $(e).text())`, `.attr('value')`, `.length`. */
  select(selector: string): ReturnType<CheerioAPI> {
    return this.html()(selector);
  }

  /** The trimmed text of each element matching the selector, in document order. */
  texts(selector: string): string[] {
    const $ = this.html();
    return $(selector).toArray().map((element) => $(element).text().trim());
  }
}
