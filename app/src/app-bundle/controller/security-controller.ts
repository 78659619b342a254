import type { Request } from '../../../../src/http/request.ts';
import { Route } from '../../../../src/decorators/route.ts';
import { Template } from '../../../../src/decorators/template.ts';
import type { AuthenticationUtils } from '../../../../src/security/authentication/authentication-utils.ts';

/**
 * The login page. The form posts to the same path, where the SecurityBundle's form login
 * checks the CSRF token and the credentials, then sends the admin where they were going.
 */
export class SecurityController {
  readonly #utils: () => AuthenticationUtils;

  constructor(utils: () => AuthenticationUtils) {
    this.#utils = utils;
  }

  @Route('/login', { name: 'app_login', methods: 'GET' })
  @Template()
  async loginAction(request: Request): Promise<object> {
    const utils = this.#utils();
    return { error: await utils.getLastAuthenticationError(request), lastUsername: await utils.getLastUsername(request) };
  }
}
