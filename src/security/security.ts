import type { Request } from '../http/request.ts';
import type { RequestStack } from '../http/request-stack.ts';
import type { Response } from '../http/response.ts';
import { HttpException } from '../exception/http-exception.ts';
import { AccessDeniedHttpException } from '../exception/access-denied-http-exception.ts';
import type { Logger } from '../log/logger.ts';
import type { AuthenticationEntryPoint, Authenticator } from './authentication/authenticator.ts';
import { Token } from './authentication/token.ts';
import type { TokenStorage } from './authentication/token-storage.ts';
import type { AccessDecisionManager } from './authorization/access-decision-manager.ts';
import type { SecurityUser } from './user/security-user.ts';

export interface SecurityServices {
  tokens: TokenStorage;
  /** Asked in order until one recognises the client (HTTP Basic, then the session). */
  authenticators: readonly Authenticator[];
  decisionManager: AccessDecisionManager;
  /** How anonymous clients are asked to log in; without one they get a plain 401 error. */
  entryPoint?: AuthenticationEntryPoint | undefined;
  /** Lets a sub-request (the error page) share the token of the main request it serves. */
  requestStack?: RequestStack<Request> | undefined;
  logger?: Logger | undefined;
  /**
   * Called when a main request's client is first looked up: where the reference's firewall
   * would have run for it (the SecurityBundle then listens for its refusals).
   */
  onFirewall?: ((request: Request) => void) | undefined;
}

/**
 * The application's view of security: who makes this request, and may they do this.
 *
 * The token is resolved lazily, on the first question, by the authenticators, then kept
 * with the request: no kernel.request listener authenticates every request (a request
 * that never asks never reads the session or hashes a password), and concurrent
 * requests never see each other's user.
 */
export class Security {
  readonly #services: SecurityServices;

  constructor(services: SecurityServices) {
    this.#services = services;
  }

  getToken(request: Request): Promise<Token> {
    const key = this.#owner(request);
    const stored = this.#services.tokens.get(key);
    if (stored !== undefined) return Promise.resolve(stored);
    const resolving = this.#resolve(key);
    this.#services.tokens.set(key, resolving);
    this.#services.onFirewall?.(key);
    return resolving;
  }

  async getUser(request: Request): Promise<SecurityUser | undefined> {
    return (await this.getToken(request)).user;
  }

  /** Whether the client is granted the attributes (roles, `IS_AUTHENTICATED_*`, voter permissions) on `subject`. */
  async isGranted(request: Request, attributes: string | readonly string[], subject?: unknown): Promise<boolean> {
    const list = typeof attributes === 'string' ? [attributes] : attributes;
    return this.#services.decisionManager.decide(await this.getToken(request), list, subject);
  }

  /**
   * What a refused access turns into, as the reference's firewall exception listener
   * decides: a client not fully authenticated is asked to log in (the entry point's 401
   * challenge or login redirect is returned); a logged-in user is refused: `denied` (or
   * an AccessDeniedHttpException with that message) is thrown, a 403.
   */
  async denyAccess(request: Request, denied: AccessDeniedHttpException | string = 'Access Denied.'): Promise<Response> {
    if (typeof denied === 'string') denied = new AccessDeniedHttpException(denied);
    const token = await this.getToken(request);
    const logger = this.#services.logger;
    if (token.isFullyAuthenticated) {
      logger?.debug('Access denied, the user is neither anonymous, nor remember-me.', { exception: denied });
      throw denied;
    }
    logger?.debug('Access denied, the user is not fully authenticated; redirecting to authentication entry point.', { exception: denied });
    return this.startAuthentication(request, denied);
  }

  /** The entry point's response; without an entry point, a 401 error. */
  async startAuthentication(request: Request, cause?: Error): Promise<Response> {
    const entryPoint = this.#services.entryPoint;
    if (entryPoint !== undefined) {
      this.#services.logger?.debug('Calling Authentication entry point.');
      return entryPoint.start(request);
    }
    throw new HttpException(401, 'Full authentication is required to access this resource.', { cause });
  }

  async #resolve(request: Request): Promise<Token> {
    for (const authenticator of this.#services.authenticators) {
      const token = await authenticator.authenticate(request);
      if (token !== undefined) return token;
    }
    return Token.anonymous();
  }

  /** A sub-request being handled is the main request's client: it shares that token. */
  #owner(request: Request): Request {
    const stack = this.#services.requestStack;
    if (stack === undefined || stack.getCurrentRequest() !== request) return request;
    return stack.getMainRequest() ?? request;
  }
}
