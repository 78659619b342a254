import { serialize, type SerializeOptions } from 'cookie';
import { SluiceError } from '../exception/sluice-error.ts';

export type SameSite = 'lax' | 'strict' | 'none';

export interface CookieOptions {
  expires?: Date;
  maxAge?: number;
  path?: string;
  domain?: string;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: SameSite;
  partitioned?: boolean;
}

/** A cookie to send with a response (`Set-Cookie`). Defaults are the safe ones. */
export class Cookie {
  readonly name: string;
  readonly value: string;
  readonly options: Readonly<CookieOptions>;

  constructor(name: string, value: string, options: CookieOptions = {}) {
    if (name === '' || /[=,; \t\r\n\v\f]/.test(name)) throw new SluiceError('SLUICE_INVALID_COOKIE_NAME', { name });
    this.name = name;
    this.value = value;
    this.options = { path: '/', httpOnly: true, sameSite: 'lax', ...options };
  }

  /** A cookie that tells the client to forget `name`. */
  static expired(name: string, options: CookieOptions = {}): Cookie {
    return new Cookie(name, '', { ...options, expires: new Date(0), maxAge: 0 });
  }

  get isCleared(): boolean {
    return this.options.expires !== undefined && this.options.expires.getTime() <= Date.now();
  }

  toString(): string {
    const o = this.options;
    const options: SerializeOptions = { path: o.path, httpOnly: o.httpOnly, secure: o.secure, sameSite: o.sameSite };
    if (o.expires !== undefined) options.expires = o.expires;
    if (o.maxAge !== undefined) options.maxAge = o.maxAge;
    if (o.domain !== undefined) options.domain = o.domain;
    if (o.partitioned) options.partitioned = true;
    return serialize(this.name, this.value, options);
  }
}
