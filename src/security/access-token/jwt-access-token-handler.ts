import type { JWTVerifyGetKey, CryptoKey, KeyObject } from 'jose';
import type { Logger } from '../../log/logger.ts';
import type { AccessTokenHandler } from './access-token-handler.ts';

export interface JwtAccessTokenOptions {
  /** The verification key: an HMAC secret, a public key, or a JWKS URL (fetched and cached by jose). */
  key: string | Uint8Array | CryptoKey | KeyObject | URL;
  /** Accepted algorithms; jose refuses `none` whatever is given. Default: HS256 for a secret, RS256 and ES256 otherwise. */
  algorithms?: readonly string[];
  issuer?: string;
  audience?: string;
  /** The claim naming the user. Default `sub`. */
  claim?: string;
  logger?: Logger;
}

/**
 * JSON Web Tokens as access tokens (Symfony's OidcTokenHandler): the signature, `exp`,
 * `nbf`, and the issuer and audience when given, are checked by `jose`; the claim (`sub`)
 * names the user.
 */
export class JwtAccessTokenHandler implements AccessTokenHandler {
  #key: Promise<Uint8Array | CryptoKey | KeyObject | JWTVerifyGetKey> | undefined;
  readonly #options: JwtAccessTokenOptions;

  constructor(options: JwtAccessTokenOptions) {
    this.#options = options;
  }

  /** jose is loaded with the first token: an application that never sees one does not pay for it at boot. */
  #verificationKey(): Promise<Uint8Array | CryptoKey | KeyObject | JWTVerifyGetKey> {
    const key = this.#options.key;
    return (this.#key ??= typeof key === 'string'
      ? Promise.resolve(new TextEncoder().encode(key))
      : key instanceof URL ? import('jose').then(({ createRemoteJWKSet }) => createRemoteJWKSet(key)) : Promise.resolve(key));
  }

  async userIdentifierFrom(token: string): Promise<string | undefined> {
    const { algorithms, issuer, audience, claim = 'sub' } = this.#options;
    const secret = typeof this.#options.key === 'string' || this.#options.key instanceof Uint8Array;
    try {
      const [{ jwtVerify }, verificationKey] = await Promise.all([import('jose'), this.#verificationKey()]);
      const { payload } = await jwtVerify(token, verificationKey as Uint8Array, {
        algorithms: [...(algorithms ?? (secret ? ['HS256'] : ['RS256', 'ES256']))],
        ...(issuer !== undefined && { issuer }),
        ...(audience !== undefined && { audience }),
      });
      const identifier = payload[claim];
      return typeof identifier === 'string' && identifier !== '' ? identifier : undefined;
    } catch (error) {
      this.#options.logger?.info('Invalid JWT access token.', { reason: (error as Error).message });
      return undefined;
    }
  }
}
