import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Request } from '../http/request.ts';
import type { HeaderInput } from '../http/header-bag.ts';
import type { Response } from '../http/response.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { Session } from '../session/session.ts';
import type { SecurityUser } from '../security/user/security-user.ts';
import type { Profile } from '../profiler/profile.ts';
import type {} from '../security-bundle/security-bundle.ts';
import type {} from '../framework-bundle/framework-bundle.ts';
import type {} from '../web-profiler-bundle/web-profiler-bundle.ts';
import { CookieJar } from './cookie-jar.ts';
import { encodeBody, type BodyInput } from './request-body.ts';
import { RequestProfile } from './request-profile.ts';
import { TestResponse } from './test-response.ts';
import { SluiceError } from '../exception/sluice-error.ts';

export type QueryValue = string | number | boolean | readonly (string | number | boolean)[];

/** What a request sends besides its method and path; give at most one body (json, form with files, or body). */
export interface RequestOptions extends BodyInput {
  headers?: HeaderInput;
  /** Added to the path's own query string. */
  query?: Record<string, QueryValue>;
}

export interface ClientOptions {
  /** Scheme and host of every request whose path is not absolute. Default `http://localhost`. */
  baseUrl?: string;
  /** Follow redirects (3xx with Location) at once. Default false: call `followRedirect()`. */
  followRedirects?: boolean;
  /** How many redirects in a row are followed before giving up. Default 20. */
  maxRedirects?: number;
  /** Headers sent with every request (a request's own headers win). */
  headers?: HeaderInput;
  /** The client's address as the kernel sees it. Default 127.0.0.1. */
  remoteAddress?: string;
}

/**
 * A browser in process, as Symfony's KernelBrowser: each request goes through the kernel
 * as the server sends it (a real Request with the body as bytes, so `parseBody` and
 * `parseJson` read it; the response prepared and written; kernel.terminate run after),
 * keeping cookies (the session's too) from one request to the next.
 *
 * ```ts
 * const client = createClient(kernel);
 * const page = await client.request('GET', '/login');
 * await client.request('POST', '/login', { form: { _username: 'admin', _password: 'secret', _csrf_token: page.select('input[name=_csrf_token]').val() as string } });
 * const list = await client.followRedirect();
 * assert.equal(list.status, 200);
 * ```
 */
export class KernelBrowser {
  readonly kernel: Kernel;
  readonly cookies = new CookieJar();
  readonly #options: ClientOptions;
  #followRedirects: boolean;
  #request: Request | undefined;
  #response: TestResponse | undefined;
  #profile: Profile | undefined;
  #redirects = 0;

  constructor(kernel: Kernel, options: ClientOptions = {}) {
    this.kernel = kernel;
    this.#options = options;
    this.#followRedirects = options.followRedirects ?? false;
  }

  /** Turns following redirects at once on or off for the next requests. */
  followRedirects(follow = true): this {
    this.#followRedirects = follow;
    return this;
  }

  /**
   * Sends a request through the kernel and returns its response (the last one when
   * redirects are followed). `path` is `/path?query` or an absolute URL.
   */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    this.#redirects = 0;
    const response = await this.#send(method, path, options);
    return this.#followRedirects ? this.#followAll(response) : response;
  }

  get(path: string, options: Omit<RequestOptions, keyof BodyInput> = {}): Promise<TestResponse> {
    return this.request('GET', path, options);
  }

  post(path: string, options: RequestOptions = {}): Promise<TestResponse> {
    return this.request('POST', path, options);
  }

  /**
   * Follows the last response's redirect: 307 and 308 repeat the method and body, the
   * others become a GET without body, as browsers do.
   */
  async followRedirect(): Promise<TestResponse> {
    const last = this.#response;
    if (last === undefined || !last.isRedirect) {
      throw new SluiceError('SLUICE_TEST_NOT_A_REDIRECT', { last: last === undefined ? 'no request was made' : `status ${last.status}` });
    }
    const maxRedirects = this.#options.maxRedirects ?? 20;
    if (++this.#redirects > maxRedirects) throw new SluiceError('SLUICE_TEST_TOO_MANY_REDIRECTS', { max: maxRedirects, location: last.header('Location') });
    const previous = this.#request!;
    const target = new URL(last.header('Location')!, previous.getUri()).href;
    const keep = last.status === 307 || last.status === 308;
    return this.#send(keep ? previous.method : 'GET', target, keep ? { body: previous.body as Buffer | undefined, headers: { 'content-type': previous.headers.get('content-type') } } : {});
  }

  /**
   * Logs a user into the session as the login form would (SecurityBundle): the next
   * requests are made as that user. `user` is the provider's user or its identifier; the
   * session authenticator reloads it from the user provider on each request.
   */
  async loginUser(user: SecurityUser | string): Promise<SecurityUser> {
    const { kernel } = this;
    kernel.boot();
    const { container } = kernel;
    if (!container.has('security.session_authenticator')) throw new SluiceError('SLUICE_TEST_NEEDS_SECURITY_BUNDLE', {});
    const found = typeof user === 'string' ? await container.get('security.user_provider').loadUserByIdentifier(user) : user;
    if (found === undefined) throw new SluiceError('SLUICE_TEST_UNKNOWN_USER', { user: String(user) });
    const { cookie, ttl } = kernel.config.session;
    const session = new Session(container.get('session.store'), { requestedId: this.cookies.get(cookie.name), ttlMs: ttl * 1000 });
    await session.migrate(true);
    await container.get('security.session_authenticator').store(session, found);
    await session.save();
    this.cookies.set(cookie.name, session.id!);
    return found;
  }

  /**
   * The profile of the last request (its logs, listeners called, timeline), complete
   * since kernel.terminate ran; undefined when the kernel has no profiler (the
   * WebProfilerBundle, in debug) or the profiler skipped the request.
   */
  getProfile(): RequestProfile | undefined {
    if (this.#request === undefined) throw new SluiceError('SLUICE_TEST_NO_REQUEST', {});
    return this.#profile === undefined ? undefined : new RequestProfile(this.#profile);
  }

  /** The last request sent, as the kernel received it. */
  get lastRequest(): Request | undefined {
    return this.#request;
  }

  get lastResponse(): TestResponse | undefined {
    return this.#response;
  }

  /** Forgets cookies and history: a new visitor. */
  restart(): void {
    this.cookies.clear();
    this.#request = undefined;
    this.#response = undefined;
    this.#profile = undefined;
  }

  async #followAll(response: TestResponse): Promise<TestResponse> {
    let last = response;
    while (last.isRedirect) last = await this.followRedirect();
    return last;
  }

  async #send(method: string, path: string, options: RequestOptions): Promise<TestResponse> {
    const { kernel } = this;
    const url = new URL(path, this.#options.baseUrl ?? 'http://localhost');
    for (const [name, value] of Object.entries(options.query ?? {})) {
      for (const each of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(each));
    }
    const encoded = await encodeBody(options);
    const headers: HeaderInput = { ...this.#options.headers };
    const cookie = this.cookies.header();
    if (cookie !== undefined) headers.cookie = cookie;
    if (encoded !== undefined) {
      headers['content-length'] = encoded.body.length;
      if (encoded.contentType !== undefined) headers['content-type'] = encoded.contentType;
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === undefined) continue;
      for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
      headers[name] = value;
    }
    const request = Request.create(url.href, method, {
      headers,
      ...(encoded !== undefined && { body: encoded.body }),
      ...(this.#options.remoteAddress !== undefined && { remoteAddress: this.#options.remoteAddress }),
    });
    const response = await kernel.handle(request);
    // Taken before terminate, which completes it and lets the profiler forget the request.
    const profile = kernel.container.find('profiler.listener')?.profileOf(request);
    const body = await written(response, request);
    await kernel.terminate(request, response);
    this.cookies.update(response.headers.getCookies());
    this.#request = request;
    // complete now; its data as a stored profile reads, as the profiler's panels show it
    this.#profile = profile === undefined ? undefined : (kernel.container.find('profiler')?.expand(profile) ?? profile);
    this.#response = new TestResponse(response, body);
    return this.#response;
  }
}

/** Prepares the response and writes its body as the server would, into memory. */
async function written(response: Response, request: Request): Promise<Buffer> {
  response.prepare(request);
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(Buffer.from(chunk));
      callback();
    },
  });
  await response.sendContent(out);
  await finished(out);
  return Buffer.concat(chunks);
}

/**
 * A test client for a kernel (booted on its first request): see KernelBrowser.
 *
 * ```ts
 * const client = createClient(kernel, { followRedirects: true });
 * const home = await client.request('GET', '/', { headers: { 'accept-language': 'fr' } });
 * assert.deepEqual(home.texts('h2'), ['Opening night', 'Jazz night']);
 * ```
 */
export function createClient(kernel: Kernel, options: ClientOptions = {}): KernelBrowser {
  return new KernelBrowser(kernel, options);
}
