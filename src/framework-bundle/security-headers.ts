import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import { knownHeader, type KnownHeader } from '../http/response-header-bag.ts';

/** The headers every response gets unless it set its own. `false` leaves one out. */
export interface SecurityHeadersConfig {
  /** `X-Content-Type-Options: nosniff` on every response (default true). */
  nosniff: boolean;
  /** Default `strict-origin-when-cross-origin`. */
  referrerPolicy: string | false;
  /**
   * The Content-Security-Policy of HTML responses. The default forbids framing (clickjacking)
   * and plugins, and pins `<base>` and form targets to the site; it does not restrict
   * scripts or styles, so the debug toolbar and profiler (inline ones) keep working.
   */
  contentSecurityPolicy: string | false;
  /** `Strict-Transport-Security` on responses to secure requests; default one year. */
  hsts: { maxAge: number; includeSubDomains: boolean; preload: boolean } | false;
}

export type SecurityHeadersInput = Partial<SecurityHeadersConfig>;

export const defaultSecurityHeaders: SecurityHeadersConfig = {
  nosniff: true,
  referrerPolicy: 'strict-origin-when-cross-origin',
  contentSecurityPolicy: "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  hsts: { maxAge: 31_536_000, includeSubDomains: false, preload: false },
};

// The names are worked out once: every response asks for them (see knownHeader).
const contentType = knownHeader('Content-Type');
const contentSecurityPolicy = knownHeader('Content-Security-Policy');
const frameOptions = knownHeader('X-Frame-Options');
const transportSecurity = knownHeader('Strict-Transport-Security');

/**
 * Adds the configured headers to a main response (a header the application set wins).
 * What is configured is decided here, once: a response pays only for the headers it gets.
 */
export function securityHeaders(input: SecurityHeadersInput = {}): (request: Request, response: Response) => void {
  const config = { ...defaultSecurityHeaders, ...input };
  // the headers every response gets, and their values, same index
  const always: KnownHeader[] = [];
  const values: string[] = [];
  if (config.nosniff) {
    always.push(knownHeader('X-Content-Type-Options'));
    values.push('nosniff');
  }
  if (config.referrerPolicy !== false) {
    always.push(knownHeader('Referrer-Policy'));
    values.push(config.referrerPolicy);
  }
  const csp = config.contentSecurityPolicy === false ? undefined : config.contentSecurityPolicy;
  const hsts = config.hsts === false ? undefined : `max-age=${config.hsts.maxAge}${config.hsts.includeSubDomains ? '; includeSubDomains' : ''}${config.hsts.preload ? '; preload' : ''}`;
  return (request, response) => {
    const headers = response.headers;
    for (let i = 0; i < always.length; i++) headers.setDefaultKnown(always[i]!, values[i]!);
    if (csp !== undefined && (headers.getKnown(contentType) ?? '').startsWith('text/html') && headers.setDefaultKnown(contentSecurityPolicy, csp)) {
      headers.setDefaultKnown(frameOptions, 'DENY');
    }
    if (hsts !== undefined && request.isSecure) headers.setDefaultKnown(transportSecurity, hsts);
  };
}
