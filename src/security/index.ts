// `sluice/security`: users and their providers, password hashing, authenticators,
// voters and the access decision, CSRF tokens, and the SecurityBundle that wires them.
export { SecurityBundle } from '../security-bundle/security-bundle.ts';
export type { SecurityConfig } from '../security-bundle/security-config.ts';
export { Security, type SecurityServices } from './security.ts';
export type { SecurityUser } from './user/security-user.ts';
export { InMemoryUser } from './user/in-memory-user.ts';
export { InMemoryUserProvider, type InMemoryUserDefinition } from './user/in-memory-user-provider.ts';
export { EntityUserProvider, type UserLoader } from './user/entity-user-provider.ts';
export { canUpgradePasswords, type PasswordUpgrader, type UserProvider } from './user/user-provider.ts';
export { PasswordHasher, MAX_PASSWORD_LENGTH, type PasswordHasherOptions } from './password/password-hasher.ts';
export { AuthenticationUtils } from './authentication/authentication-utils.ts';
export type { Authenticator, AuthenticationEntryPoint } from './authentication/authenticator.ts';
export { FormLoginAuthenticator, type FormLoginOptions } from './authentication/form-login-authenticator.ts';
export { HttpBasicAuthenticator } from './authentication/http-basic-authenticator.ts';
export { Token, type AuthenticationLevel } from './authentication/token.ts';
export { TokenStorage } from './authentication/token-storage.ts';
export { AccessDecisionManager, type AccessDecisionManagerOptions, type DecisionStrategy } from './authorization/access-decision-manager.ts';
export { RoleHierarchy } from './authorization/role-hierarchy.ts';
export { Voter } from './authorization/voter/voter.ts';
export { Vote, type VoterInterface } from './authorization/voter/voter-interface.ts';
export { CsrfTokenManager } from './csrf/csrf-token-manager.ts';
export { AuthenticationException } from './exception/authentication-exception.ts';
export type { AccessTokenHandler } from './access-token/access-token-handler.ts';
export { AccessTokenAuthenticator, bearerToken } from './access-token/access-token-authenticator.ts';
export { StoredAccessTokens, AccessTokenRecord, accessTokenMetadata } from './access-token/stored-access-tokens.ts';
export { JwtAccessTokenHandler, type JwtAccessTokenOptions } from './access-token/jwt-access-token-handler.ts';
