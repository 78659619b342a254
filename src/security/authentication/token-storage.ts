import type { Request } from '../../http/request.ts';
import type { Token } from './token.ts';

/**
 * The token of each request being handled. Node serves requests concurrently, so there is
 * no "current token" in a global: each request object holds its own, and it goes away with
 * the request. A pending resolution is stored too, so concurrent asks resolve once.
 */
export class TokenStorage {
  readonly #tokens = new WeakMap<Request, Token | Promise<Token>>();

  get(request: Request): Token | Promise<Token> | undefined {
    return this.#tokens.get(request);
  }

  set(request: Request, token: Token | Promise<Token>): void {
    this.#tokens.set(request, token);
  }
}
