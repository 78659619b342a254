import type { Request } from '../../http/request.ts';
import { Response } from '../../http/response.ts';
import type { Logger } from '../../log/logger.ts';
import { AuthenticationException } from '../exception/authentication-exception.ts';
import type { AuthenticationEntryPoint, Authenticator } from './authenticator.ts';
import type { CredentialsChecker } from './credentials-checker.ts';
import { Token } from './token.ts';
import { SluiceError } from '../../exception/sluice-error.ts';

/**
 * HTTP Basic (`Authorization: Basic base64(user:password)`), checked on every request that
 * carries it, and the 401 challenge that asks a client for it. Failed credentials leave the
 * client anonymous: an access check then answers with the challenge.
 */
export class HttpBasicAuthenticator implements Authenticator, AuthenticationEntryPoint {
  readonly realm: string;
  readonly #checker: CredentialsChecker;
  readonly #logger: Logger | undefined;

  constructor(checker: CredentialsChecker, realm = 'Secured Area', logger?: Logger) {
    if (/["\\\r\n]/.test(realm)) throw new SluiceError('SLUICE_INVALID_REALM', { realm });
    this.#checker = checker;
    this.realm = realm;
    this.#logger = logger;
  }

  async authenticate(request: Request): Promise<Token | undefined> {
    const header = request.headers.get('authorization');
    if (header === undefined || !/^basic /i.test(header)) return undefined;
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const username = colon === -1 ? decoded : decoded.slice(0, colon);
    this.#logger?.info('Basic authentication Authorization header found for user.', { username });
    try {
      if (colon === -1) throw new AuthenticationException('Invalid credentials.');
      const user = await this.#checker.check(username, decoded.slice(colon + 1));
      this.#logger?.info('User "{username}" has been authenticated successfully.', { username: user.identifier, authenticator: 'http_basic' });
      return Token.authenticated(user, 'http_basic');
    } catch (error) {
      if (!(error instanceof AuthenticationException)) throw error;
      this.#logger?.info('Authentication request failed.', { exception: error, username, authenticator: 'http_basic' });
      return undefined;
    }
  }

  start(_request: Request): Response {
    return new Response('', 401, { 'WWW-Authenticate': `Basic realm="${this.realm}"` });
  }
}
