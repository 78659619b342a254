import { Bundle } from '../../kernel/bundle.ts';
import type { Kernel } from '../../kernel/kernel.ts';
import { TestKernel } from '../../kernel/test-support/test-kernel.ts';
import { Request } from '../../http/request.ts';
import { Response } from '../../http/response.ts';
import type { SecurityUser } from '../../security/user/security-user.ts';
import { PasswordHasher } from '../../security/password/password-hasher.ts';
import { MemorySession } from '../../security/test-support/memory-session.ts';
import type { CsrfTokenManager } from '../../security/csrf/csrf-token-manager.ts';
import type { SessionLike } from '../../security/session-like.ts';
import { SecurityBundle } from '../security-bundle.ts';
import type { SecurityConfig } from '../security-config.ts';
import { registerIsGrantedListener } from '../register-is-granted-listener.ts';
import { Args } from '../../decorators/args.ts';

/** Stands in for the FrameworkExtraBundle: it registers IsGrantedListener at the place that bundle would. */
class FrameworkExtraTestBundle extends Bundle {
  override build(kernel: Kernel): void {
    registerIsGrantedListener(kernel);
  }
}

class AdminController {
  readonly #csrf: () => CsrfTokenManager;

  constructor(csrf: () => CsrfTokenManager) {
    this.#csrf = csrf;
  }

  /** What a login page embeds in its form. */
  @Args({ request: Request })
  async csrfAction(request: Request): Promise<Response> {
    return new Response(await this.#csrf().getToken(request.session as SessionLike, 'authenticate'));
  }

  indexAction(): Response {
    return new Response('admin area');
  }

  @Args({ user: Object })
  profileAction(user: SecurityUser): Response {
    return new Response(`Hello ${user.identifier}`);
  }

  loginAction(): Response {
    return new Response('<form method="post">...</form>');
  }
}

const hasher = new PasswordHasher({ cost: 4 });
const users = {
  ada: { password: await hasher.hash('ada-pass'), roles: ['ROLE_ADMIN'] },
  bob: { password: await hasher.hash('bob-pass'), roles: ['ROLE_USER'] },
};

/**
 * A kernel with the SecurityBundle (users ada: ROLE_ADMIN, bob: ROLE_USER) and routes:
 * `/admin` declares `@IsGranted("ROLE_ADMIN")` through the `_is_granted` attribute (as
 * ControllerListener would copy it), `/profile` takes the `user` argument, `/login` is the
 * application's own form page, `/csrf` answers the token its form would embed.
 */
export function securedKernel(config: SecurityConfig): TestKernel {
  const kernel: TestKernel = new TestKernel({
    bundles: [new FrameworkExtraTestBundle(), new SecurityBundle({ users, passwordHasher: { cost: 4 }, roleHierarchy: { ROLE_ADMIN: ['ROLE_USER'] }, ...config })],
    controllers: { AdminController: new AdminController(() => kernel.container.get('security.csrf_token_manager')) },
    routes: [
      { name: 'csrf', path: '/csrf', controller: 'AdminController::csrfAction' },
      { name: 'login', path: '/login', controller: 'AdminController::loginAction' },
      { name: 'admin', path: '/admin', controller: 'AdminController::indexAction', defaults: { _is_granted: [{ attributes: 'ROLE_ADMIN' }] } },
      { name: 'profile', path: '/profile', controller: 'AdminController::profileAction' },
      { name: 'api_admin', path: '/api/admin', controller: 'AdminController::indexAction', defaults: { _is_granted: [{ attributes: 'ROLE_ADMIN' }] } },
    ],
  });
  return kernel;
}

export function browse(path: string, session?: MemorySession, method = 'GET', headers: Record<string, string> = {}): Request {
  const request = Request.create(`http://localhost${path}`, method, { headers });
  request.session = session;
  return request;
}

/** Logs in through the form as a browser would: fetch a CSRF token from the session, post the form. */
export async function logIn(kernel: TestKernel, session: MemorySession, username: string, password: string): Promise<Response> {
  if (!kernel.booted) kernel.boot();
  const request = browse('/login', session, 'POST');
  request.form.set('_username', username);
  request.form.set('_password', password);
  request.form.set('_csrf_token', await kernel.container.get('security.csrf_token_manager').getToken(session, 'authenticate'));
  return kernel.request(request);
}
