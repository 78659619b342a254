import { Request } from '../../http/request.ts';
import { declareArguments } from '../../controller/argument-metadata.ts';
import { RedirectResponse } from '../../http/redirect-response.ts';
import { parseBody } from '../../server/body-parser.ts';
import type { Logger } from '../../log/logger.ts';
import type { CsrfTokenManager } from '../csrf/csrf-token-manager.ts';
import { AuthenticationException } from '../exception/authentication-exception.ts';
import { sessionOf, type SessionLike } from '../session-like.ts';
import type { AuthenticationEntryPoint } from './authenticator.ts';
import type { CredentialsChecker } from './credentials-checker.ts';
import type { SessionAuthenticator } from './session-authenticator.ts';
import { Token } from './token.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { TooManyRequestsHttpException } from '../../exception/too-many-requests-http-exception.ts';
import type { TokenStorage } from './token-storage.ts';
import { SluiceError } from '../../exception/sluice-error.ts';

export interface FormLoginOptions {
  /** The page with the login form: anonymous clients are redirected there. */
  loginPath: string;
  /** Where the form posts (POST only); the same path as the form by default. */
  checkPath: string;
  /** Where a login goes when no page asked for it. */
  defaultTargetPath: string;
  usernameParameter: string;
  passwordParameter: string;
  csrfParameter: string;
  csrfTokenId: string;
  enableCsrf: boolean;
}

export interface FormLoginServices {
  checker: CredentialsChecker;
  sessions: SessionAuthenticator;
  tokens: TokenStorage;
  csrf?: CsrfTokenManager | undefined;
  logger?: Logger | undefined;
  /** Refuses attempts past the limit with 429 and Retry-After (login_throttling). */
  throttle?: LoginThrottle | undefined;
}

/** Session keys the login page reads (see AuthenticationUtils). */
export const LAST_ERROR = '_security.last_error';
export const LAST_USERNAME = '_security.last_username';

/**
 * Login with a form. `handle` is the controller of the check path (registered by the
 * SecurityBundle as a POST route): it checks the CSRF token and the credentials, then
 * regenerates the session id (no session fixation) and stores the login in the session.
 * `start` is the entry point: it remembers the page asked for and redirects to the form.
 */
export class FormLoginAuthenticator implements AuthenticationEntryPoint {
  readonly options: Readonly<FormLoginOptions>;
  readonly #deps: FormLoginServices;
  readonly #targetPathKey: string;

  constructor(deps: FormLoginServices, options: Readonly<FormLoginOptions>, firewall: string) {
    if (options.enableCsrf && deps.csrf === undefined) throw new SluiceError('SLUICE_FORM_LOGIN_NEEDS_CSRF_MANAGER', {});
    this.#deps = deps;
    this.options = options;
    this.#targetPathKey = `_security.${firewall}.target_path`;
  }

  async handle(request: Request): Promise<RedirectResponse> {
    const session = sessionOf(request);
    if (session === undefined) throw new SluiceError('SLUICE_FORM_LOGIN_NEEDS_SESSION', {});
    const { checker, sessions, tokens, logger } = this.#deps;
    // Bodies are parsed on demand; a login form is small, so a big one is refused early.
    await parseBody(request, { limit: 64 * 1024 });
    const username = request.form.getString(this.options.usernameParameter).trim();
    const throttle = this.#deps.throttle;
    if (throttle !== undefined) {
      const limit = await throttle.attempt(request, username);
      if (!limit.accepted) {
        logger?.info('Login attempt refused: too many attempts for this username and IP.', { username: username.slice(0, 256), retry_after: limit.retryAfter, authenticator: 'form_login' });
        throw new TooManyRequestsHttpException(limit.retryAfter, `Too many failed login attempts, please try again in ${limit.retryAfter} seconds.`);
      }
    }
    try {
      await this.#checkCsrf(session, request);
      const user = await checker.check(username, request.form.getString(this.options.passwordParameter));
      await session.migrate(true);
      await this.#deps.csrf?.refresh(session);
      await sessions.store(session, user);
      await throttle?.succeeded(request, username);
      await session.remove(LAST_ERROR);
      await session.remove(LAST_USERNAME);
      tokens.set(request, Token.authenticated(user, 'form_login'));
      logger?.info('User "{username}" has been authenticated successfully.', { username: user.identifier, authenticator: 'form_login' });
      return new RedirectResponse(request.getUriForPath(await this.#targetPath(session)));
    } catch (error) {
      if (!(error instanceof AuthenticationException)) throw error;
      logger?.info('Authentication request failed.', { exception: error, username, authenticator: 'form_login' });
      await session.set(LAST_ERROR, error.message);
      await session.set(LAST_USERNAME, username.slice(0, 4096));
      return new RedirectResponse(request.getUriForPath(this.options.loginPath));
    }
  }

  async start(request: Request): Promise<RedirectResponse> {
    // Only a page the browser can come back to with GET is worth returning to.
    if (request.isMethod('GET') && !request.isXmlHttpRequest()) await sessionOf(request)?.set(this.#targetPathKey, request.getUri());
    return new RedirectResponse(request.getUriForPath(this.options.loginPath));
  }

  async #checkCsrf(session: SessionLike, request: Request): Promise<void> {
    const csrf = this.#deps.csrf;
    if (!this.options.enableCsrf || csrf === undefined) return;
    if (!await csrf.isTokenValid(session, this.options.csrfTokenId, request.form.get(this.options.csrfParameter))) {
      throw new AuthenticationException('Invalid CSRF token.');
    }
  }

  /** The page asked for before the login, when it is on this site; else the default. */
  async #targetPath(session: SessionLike): Promise<string> {
    const saved = await session.remove(this.#targetPathKey);
    if (typeof saved === 'string') {
      const url = URL.canParse(saved) ? new URL(saved) : undefined;
      if (url !== undefined) return `${url.pathname}${url.search}`;
    }
    return this.options.defaultTargetPath;
  }
}

// The controller of its path: it takes the request.
declareArguments(FormLoginAuthenticator.prototype.handle, { request: Request });
