import type { SecurityUser } from '../user/security-user.ts';

/**
 * How sure security is about who the client is: nobody (`anonymous`), a user known from a
 * long-lived cookie (`remembered`), or a user who proved it in this session (`full`).
 */
export type AuthenticationLevel = 'anonymous' | 'remembered' | 'full';

/** Who makes a request, as voters see it. Immutable; each request has its own (see TokenStorage). */
export class Token {
  readonly user: SecurityUser | undefined;
  readonly level: AuthenticationLevel;
  /** The authenticator that recognised the user (`form_login`, `http_basic`, `session`). */
  readonly authenticator: string | undefined;

  static readonly #anonymous = new Token(undefined, 'anonymous', undefined);

  private constructor(user: SecurityUser | undefined, level: AuthenticationLevel, authenticator: string | undefined) {
    this.user = user;
    this.level = level;
    this.authenticator = authenticator;
  }

  static anonymous(): Token {
    return Token.#anonymous;
  }

  static authenticated(user: SecurityUser, authenticator: string, level: Exclude<AuthenticationLevel, 'anonymous'> = 'full'): Token {
    return new Token(user, level, authenticator);
  }

  get roleNames(): readonly string[] {
    return this.user?.roles ?? [];
  }

  get isAuthenticated(): boolean {
    return this.level !== 'anonymous';
  }

  get isFullyAuthenticated(): boolean {
    return this.level === 'full';
  }
}
