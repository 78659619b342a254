/**
 * Authentication failed. The message is what the login form shows, so it never says which
 * part was wrong: an unknown user and a wrong password both read "Invalid credentials.".
 */
export class AuthenticationException extends Error {
  override name = 'AuthenticationException';
}
