import type { Request } from '../../http/request.ts';
import type { Response } from '../../http/response.ts';
import type { Token } from './token.ts';

/**
 * Recognises who makes a request from what the request carries (a session, an
 * Authorization header). Asked lazily, the first time something needs the token: there is
 * no kernel.request listener doing it for every request.
 */
export interface Authenticator {
  /** A token when this authenticator recognises the client; undefined when it does not apply or fails. */
  authenticate(request: Request): Promise<Token | undefined>;
}

/** Asks an anonymous client to authenticate: a 401 challenge, or a redirect to a login form. */
export interface AuthenticationEntryPoint {
  start(request: Request): Response | Promise<Response>;
}
