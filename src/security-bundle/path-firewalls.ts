import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import { HttpException } from '../exception/http-exception.ts';
import type { AuthenticationEntryPoint, Authenticator } from '../security/authentication/authenticator.ts';
import type { Token } from '../security/authentication/token.ts';

export interface Firewall {
  readonly authenticators: readonly Authenticator[];
  readonly entryPoint: AuthenticationEntryPoint | undefined;
}

/**
 * Two firewalls in one, chosen by the request's path (Symfony's firewall map): requests
 * under the stateless path (the API) are only recognised by their access token and are
 * asked for one with a 401, never by the session cookie or a login redirect; every other
 * request goes to the main firewall.
 */
export class PathFirewalls implements Authenticator, AuthenticationEntryPoint {
  readonly #path: RegExp;
  readonly #stateless: Firewall;
  readonly #main: Firewall;

  constructor(path: RegExp, stateless: Firewall, main: Firewall) {
    this.#path = path;
    this.#stateless = stateless;
    this.#main = main;
  }

  async authenticate(request: Request): Promise<Token | undefined> {
    for (const authenticator of this.#firewallOf(request).authenticators) {
      const token = await authenticator.authenticate(request);
      if (token !== undefined) return token;
    }
    return undefined;
  }

  start(request: Request): Response | Promise<Response> {
    const entryPoint = this.#firewallOf(request).entryPoint;
    if (entryPoint === undefined) throw new HttpException(401, 'Full authentication is required to access this resource.');
    return entryPoint.start(request);
  }

  #firewallOf(request: Request): Firewall {
    return this.#path.test(request.pathInfo) ? this.#stateless : this.#main;
  }
}
