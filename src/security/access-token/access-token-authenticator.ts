import type { Request } from '../../http/request.ts';
import { Response } from '../../http/response.ts';
import type { Logger } from '../../log/logger.ts';
import type { AuthenticationEntryPoint, Authenticator } from '../authentication/authenticator.ts';
import { Token } from '../authentication/token.ts';
import type { UserProvider } from '../user/user-provider.ts';
import type { AccessTokenHandler } from './access-token-handler.ts';
import { SluiceError } from '../../exception/sluice-error.ts';

/** RFC 6750's b64token: what may follow `Bearer `. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * `Authorization: Bearer <token>` (Symfony's AccessTokenAuthenticator): each handler is
 * asked whose the token is, and the user is loaded from the provider, so a token of a
 * deleted user opens nothing. A missing or refused token leaves the client anonymous; the
 * access check then answers with `start`, a 401 problem+json carrying
 * `WWW-Authenticate: Bearer` (with `error="invalid_token"` when a token was sent).
 */
export class AccessTokenAuthenticator implements Authenticator, AuthenticationEntryPoint {
  readonly realm: string | undefined;
  readonly #handlers: readonly AccessTokenHandler[];
  readonly #provider: UserProvider;
  readonly #logger: Logger | undefined;

  constructor(handlers: readonly AccessTokenHandler[], provider: UserProvider, options: { realm?: string | undefined; logger?: Logger | undefined } = {}) {
    if (options.realm !== undefined && /["\\\r\n]/.test(options.realm)) throw new SluiceError('SLUICE_INVALID_REALM', { realm: options.realm });
    this.#handlers = handlers;
    this.#provider = provider;
    this.realm = options.realm;
    this.#logger = options.logger;
  }

  async authenticate(request: Request): Promise<Token | undefined> {
    const token = bearerToken(request);
    if (token === undefined) return undefined;
    for (const handler of this.#handlers) {
      const identifier = await handler.userIdentifierFrom(token);
      if (identifier === undefined) continue;
      const user = await this.#provider.loadUserByIdentifier(identifier);
      if (user === undefined) break;
      this.#logger?.info('User "{username}" has been authenticated successfully.', { username: user.identifier, authenticator: 'access_token' });
      return Token.authenticated(user, 'access_token');
    }
    this.#logger?.info('Authentication request failed.', { authenticator: 'access_token', reason: 'Invalid access token.' });
    return undefined;
  }

  start(request: Request): Response {
    const sent = request.headers.has('authorization') && bearerToken(request) !== undefined;
    const params = [this.realm !== undefined ? `realm="${this.realm}"` : '', sent ? 'error="invalid_token"' : ''].filter((p) => p !== '');
    const challenge = params.length === 0 ? 'Bearer' : `Bearer ${params.join(', ')}`;
    const problem = {
      type: 'https://tools.ietf.org/html/rfc2616#section-10',
      title: 'Unauthorized',
      status: 401,
      detail: sent ? 'Invalid access token.' : 'Full authentication is required to access this resource.',
    };
    return new Response(JSON.stringify(problem), 401, { 'Content-Type': 'application/problem+json', 'WWW-Authenticate': challenge });
  }
}

/** The token of an `Authorization: Bearer` header, or undefined. */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('authorization');
  if (header === undefined) return undefined;
  return BEARER.exec(header.trim())?.[1];
}
