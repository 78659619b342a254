import { Request } from '../../http/request.ts';
import { declareArguments } from '../../controller/argument-metadata.ts';
import { RedirectResponse } from '../../http/redirect-response.ts';
import { parseBody } from '../../server/body-parser.ts';
import { AccessDeniedHttpException } from '../../exception/access-denied-http-exception.ts';
import type { CsrfTokenManager } from '../csrf/csrf-token-manager.ts';
import { sessionOf } from '../session-like.ts';
import { Token } from './token.ts';
import type { TokenStorage } from './token-storage.ts';

export interface LogoutOptions {
  path: string;
  /** Where the client goes after logging out. */
  target: string;
  /** When set, the logout link must carry a CSRF token for this id (in `csrfParameter`), so other sites cannot log users out. */
  csrfTokenId: string | undefined;
  csrfParameter: string;
}

/**
 * The controller of the logout path: it invalidates the session (data dropped, new id),
 * which ends the login and every CSRF token with it, and redirects to the target.
 */
export class LogoutHandler {
  readonly options: Readonly<LogoutOptions>;
  readonly #tokens: TokenStorage;
  readonly #csrf: CsrfTokenManager | undefined;

  constructor(tokens: TokenStorage, options: Readonly<LogoutOptions>, csrf?: CsrfTokenManager) {
    this.#tokens = tokens;
    this.options = options;
    this.#csrf = csrf;
  }

  async logout(request: Request): Promise<RedirectResponse> {
    const session = sessionOf(request);
    const { csrfTokenId, csrfParameter, target } = this.options;
    if (csrfTokenId !== undefined) {
      if (!request.isMethodSafe()) await parseBody(request, { limit: 64 * 1024 });
      const value = request.query.get(csrfParameter) ?? request.form.get(csrfParameter);
      if (session === undefined || (await this.#csrf?.isTokenValid(session, csrfTokenId, value)) !== true) {
        throw new AccessDeniedHttpException('Invalid CSRF token.');
      }
    }
    if (session !== undefined) await session.invalidate();
    this.#tokens.set(request, Token.anonymous());
    return new RedirectResponse(request.getUriForPath(target));
  }
}

// The controller of its path: it takes the request.
declareArguments(LogoutHandler.prototype.logout, { request: Request });
