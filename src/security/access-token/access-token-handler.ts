/**
 * Says whose an access token is (Symfony's AccessTokenHandlerInterface): the identifier of
 * its user, or undefined when the token is unknown, expired or forged. Handlers are asked
 * in turn, so an application may accept its own stored tokens and JWTs side by side.
 */
export interface AccessTokenHandler {
  userIdentifierFrom(token: string): Promise<string | undefined>;
}
