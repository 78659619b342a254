import { Request } from 'sluice';
import { Route } from 'sluice/decorators';
import { Template } from 'sluice/decorators';
import { Args } from 'sluice/decorators';
import type { AuthenticationUtils } from 'sluice/security';

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
  @Args({ request: Request })
  async loginAction(request: Request): Promise<object> {
    const utils = this.#utils();
    return { error: await utils.getLastAuthenticationError(request), lastUsername: await utils.getLastUsername(request) };
  }
}
