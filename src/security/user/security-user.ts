/** A user as security sees it: who it is, what roles it holds, and how its password is stored. */
export interface SecurityUser {
  /** What identifies the user at login and in the session: a username or an e-mail address. */
  readonly identifier: string;
  /** Role names such as `ROLE_USER`; a role hierarchy may add the roles they imply. */
  readonly roles: readonly string[];
  /** The password hash (PasswordHasher format); undefined for users who never log in with one. */
  readonly password?: string | undefined;
}
