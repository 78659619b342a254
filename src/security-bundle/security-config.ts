import type { LoginThrottlingOptions } from '../security/authentication/login-throttle.ts';
import type { PasswordHasherOptions } from '../security/password/password-hasher.ts';
import type { FormLoginOptions } from '../security/authentication/form-login-authenticator.ts';
import type { LogoutOptions } from '../security/authentication/logout-handler.ts';
import type { AccessDecisionManagerOptions } from '../security/authorization/access-decision-manager.ts';
import type { VoterInterface } from '../security/authorization/voter/voter-interface.ts';
import type { InMemoryUserDefinition } from '../security/user/in-memory-user-provider.ts';
import type { UserProvider } from '../security/user/user-provider.ts';
import type { AccessTokenHandler } from '../security/access-token/access-token-handler.ts';

/**
 * The application's security configuration: one firewall, its users, how they log in,
 * and how access is decided. For example:
 *
 * ```ts
 * new SecurityBundle({
 *   users: { admin: { password: '$scrypt$v=1$...', roles: ['ROLE_ADMIN'] } },
 *   formLogin: { loginPath: '/login' },
 *   logout: { path: '/logout', target: '/' },
 *   roleHierarchy: { ROLE_ADMIN: ['ROLE_USER'] },
 * })
 * ```
 */
export interface SecurityConfig {
  /** The firewall's name; the session keeps the login under `_security_<name>`. Default `main`. */
  firewall?: string;
  /** In-memory users (identifier → password hash and roles); ignored when `provider` is given. */
  users?: Readonly<Record<string, InMemoryUserDefinition>>;
  /** Where users come from, e.g. `new EntityUserProvider(userRepository)`. */
  provider?: UserProvider;
  passwordHasher?: PasswordHasherOptions;
  /** Login with a form: true for the defaults (`/login`, CSRF on), or the options to change. */
  formLogin?: boolean | Partial<FormLoginOptions>;
  /**
   * Symfony's `login_throttling` for the form login: on by default (5 attempts per username
   * and IP per minute, then 429 with Retry-After); `false` turns it off.
   */
  loginThrottling?: false | LoginThrottlingOptions;
  /** HTTP Basic: true for realm "Secured Area". */
  httpBasic?: boolean | { realm?: string };
  /** A logout path: true for `/logout` then `/`. */
  logout?: boolean | Partial<LogoutOptions>;
  /**
   * `Authorization: Bearer` tokens for a stateless part of the site (an API): requests
   * whose path matches `path` (default `^/api(/|$)`) are recognised only by a token the
   * handlers accept, and anonymous ones get a 401 with `WWW-Authenticate: Bearer`.
   */
  accessToken?: { handlers: readonly AccessTokenHandler[]; path?: RegExp; realm?: string };
  /** Which login asks anonymous clients when both are on; form login by default. */
  entryPoint?: 'form_login' | 'http_basic';
  roleHierarchy?: Readonly<Record<string, readonly string[]>>;
  accessDecisionManager?: AccessDecisionManagerOptions;
  /** The application's voters, asked after the role and authentication voters. */
  voters?: readonly VoterInterface[];
  /** Classes whose declared controller arguments receive the current user (besides arguments named `user`). */
  userClasses?: readonly (abstract new (...args: never[]) => unknown)[];
}

export function formLoginOptions(input: true | Partial<FormLoginOptions>): FormLoginOptions {
  const given = input === true ? {} : input;
  const loginPath = given.loginPath ?? '/login';
  return {
    loginPath,
    checkPath: given.checkPath ?? loginPath,
    defaultTargetPath: given.defaultTargetPath ?? '/',
    usernameParameter: given.usernameParameter ?? '_username',
    passwordParameter: given.passwordParameter ?? '_password',
    csrfParameter: given.csrfParameter ?? '_csrf_token',
    csrfTokenId: given.csrfTokenId ?? 'authenticate',
    enableCsrf: given.enableCsrf ?? true,
  };
}

export function logoutOptions(input: true | Partial<LogoutOptions>): LogoutOptions {
  const given = input === true ? {} : input;
  return { path: given.path ?? '/logout', target: given.target ?? '/', csrfTokenId: given.csrfTokenId, csrfParameter: given.csrfParameter ?? '_csrf_token' };
}
