import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { Route } from '../routing/route.ts';
import { Security } from '../security/security.ts';
import { TokenStorage } from '../security/authentication/token-storage.ts';
import { CredentialsChecker } from '../security/authentication/credentials-checker.ts';
import { SessionAuthenticator } from '../security/authentication/session-authenticator.ts';
import { HttpBasicAuthenticator } from '../security/authentication/http-basic-authenticator.ts';
import { FormLoginAuthenticator } from '../security/authentication/form-login-authenticator.ts';
import { LoginThrottle } from '../security/authentication/login-throttle.ts';
import { LogoutHandler } from '../security/authentication/logout-handler.ts';
import { AuthenticationUtils } from '../security/authentication/authentication-utils.ts';
import type { Authenticator } from '../security/authentication/authenticator.ts';
import { AccessDecisionManager } from '../security/authorization/access-decision-manager.ts';
import { RoleHierarchy } from '../security/authorization/role-hierarchy.ts';
import { RoleVoter } from '../security/authorization/voter/role-voter.ts';
import { AuthenticatedVoter } from '../security/authorization/voter/authenticated-voter.ts';
import { PasswordHasher } from '../security/password/password-hasher.ts';
import { CsrfTokenManager } from '../security/csrf/csrf-token-manager.ts';
import { InMemoryUserProvider } from '../security/user/in-memory-user-provider.ts';
import type { UserProvider } from '../security/user/user-provider.ts';
import { UserValueResolver } from '../security/argument/user-value-resolver.ts';
import { formLoginOptions, logoutOptions, type SecurityConfig } from './security-config.ts';
import { registerIsGrantedListener } from './register-is-granted-listener.ts';
import { ExceptionListener } from './exception-listener.ts';
import { AccessTokenAuthenticator } from '../security/access-token/access-token-authenticator.ts';
import { PathFirewalls } from './path-firewalls.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    security: Security;
    'security.token_storage': TokenStorage;
    'security.user_provider': UserProvider;
    'security.password_hasher': PasswordHasher;
    'security.csrf_token_manager': CsrfTokenManager;
    'security.access_decision_manager': AccessDecisionManager;
    'security.authentication_utils': AuthenticationUtils;
    /** Keeps a login in the session (the test client's `loginUser` uses it too). */
    'security.session_authenticator': SessionAuthenticator;
  }
}

/**
 * Security services for one firewall (see SecurityConfig): the `security` service, user
 * provider, password hasher, CSRF tokens; the login check and logout routes; and the
 * `user` controller argument. It adds no kernel.request listener: the user is found
 * lazily, when an access check or the `user` argument first asks.
 */
export class SecurityBundle extends Bundle {
  readonly #config: SecurityConfig;

  constructor(config: SecurityConfig = {}) {
    super();
    this.#config = config;
  }

  override build(kernel: Kernel): void {
    const config = this.#config;
    const { container } = kernel;
    const firewall = config.firewall ?? 'main';
    const logger = kernel.logger('security');
    const provider = config.provider ?? new InMemoryUserProvider(config.users ?? {});
    const hasher = new PasswordHasher(config.passwordHasher);
    const csrf = new CsrfTokenManager(kernel.config.secret);
    const tokens = new TokenStorage();
    const checker = new CredentialsChecker(provider, hasher, logger);
    const sessions = new SessionAuthenticator(provider, firewall, logger);
    const basic = config.httpBasic ? new HttpBasicAuthenticator(checker, config.httpBasic === true ? undefined : config.httpBasic.realm, logger) : undefined;
    const form = config.formLogin ? new FormLoginAuthenticator({ checker, sessions, tokens, csrf, logger, throttle: config.loginThrottling === false ? undefined : new LoginThrottle(config.loginThrottling) }, formLoginOptions(config.formLogin), firewall) : undefined;
    const voters = [new AuthenticatedVoter(), new RoleVoter(new RoleHierarchy(config.roleHierarchy ?? {})), ...(config.voters ?? [])];
    const decisionManager = new AccessDecisionManager(voters, config.accessDecisionManager);
    // Explicit credentials on the request come before a login remembered by the session.
    const authenticators: Authenticator[] = basic === undefined ? [sessions] : [basic, sessions];
    const entryPoint = config.entryPoint === 'http_basic' ? basic ?? form : form ?? basic;
    const exceptionListener = new ExceptionListener(kernel.dispatcher, logger);
    const api = config.accessToken === undefined ? undefined : new AccessTokenAuthenticator(config.accessToken.handlers, provider, { realm: config.accessToken.realm, logger });
    const firewalls = api === undefined ? undefined : new PathFirewalls(config.accessToken?.path ?? /^\/api(\/|$)/, { authenticators: [api], entryPoint: api }, { authenticators, entryPoint });
    const security = new Security({
      tokens,
      authenticators: firewalls === undefined ? authenticators : [firewalls],
      entryPoint: firewalls ?? entryPoint,
      decisionManager,
      requestStack: container.get('request_stack'),
      logger,
      onFirewall: (request) => exceptionListener.activate(request),
    });
    exceptionListener.security = security;
    kernel.afterTerminate((request) => exceptionListener.release(request));

    container.set('security', security);
    container.set('security.token_storage', tokens);
    container.set('security.user_provider', provider);
    container.set('security.password_hasher', hasher);
    container.set('security.csrf_token_manager', csrf);
    container.set('security.access_decision_manager', decisionManager);
    container.set('security.authentication_utils', new AuthenticationUtils());
    container.set('security.session_authenticator', sessions);
    kernel.argumentValueResolvers.push(new UserValueResolver(config.userClasses));

    // Priority 1: the check path is usually the login page's own path, and the POST must
    // reach the authenticator even when the application's GET route was declared first.
    if (form !== undefined) {
      kernel.routes.add('security_login_check', new Route(form.options.checkPath, { methods: ['POST'], defaults: { _controller: [form, 'handle'] } }), 1);
    }
    if (config.logout) {
      const logout = new LogoutHandler(tokens, logoutOptions(config.logout), csrf);
      kernel.routes.add('security_logout', new Route(logout.options.path, { defaults: { _controller: [logout, 'logout'] } }), 1);
    }
  }

  /** The `user` argument is completed by IsGrantedListener: make sure one exists (see register-is-granted-listener). */
  override boot(kernel: Kernel): void {
    registerIsGrantedListener(kernel);
  }
}
