import type { Request } from '../../http/request.ts';
import { sessionOf } from '../session-like.ts';
import { LAST_ERROR, LAST_USERNAME } from './form-login-authenticator.ts';

/** What a login page shows after a failed attempt: the error and the username typed. */
export class AuthenticationUtils {
  /** The last error message (e.g. "Invalid credentials."), cleared once read unless told otherwise. */
  async getLastAuthenticationError(request: Request, clear = true): Promise<string | undefined> {
    const session = sessionOf(request);
    const error = await session?.get(LAST_ERROR);
    if (clear && error !== undefined && error !== null) await session?.remove(LAST_ERROR);
    return typeof error === 'string' ? error : undefined;
  }

  async getLastUsername(request: Request): Promise<string> {
    const username = await sessionOf(request)?.get(LAST_USERNAME);
    return typeof username === 'string' ? username : '';
  }
}
