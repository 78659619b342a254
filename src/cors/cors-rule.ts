import { SluiceError } from '../exception/sluice-error.ts';
/** What one path allows (NelmioCorsBundle's options for a path). */
export interface CorsRuleInput {
  /** Origins allowed: exact strings, `*` (any), or regular expressions. */
  allowOrigin: readonly (string | RegExp)[];
  allowMethods?: readonly string[];
  /** Request headers allowed; true: whatever the preflight asks for. */
  allowHeaders?: readonly string[] | true;
  exposeHeaders?: readonly string[];
  /** Seconds a browser may keep a preflight's answer. */
  maxAge?: number;
  allowCredentials?: boolean;
}

/** A path's rule, checked: methods and headers normalized once. */
export class CorsRule {
  readonly allowOrigin: readonly (string | RegExp)[];
  readonly allowMethods: readonly string[];
  readonly allowHeaders: readonly string[] | true;
  readonly exposeHeaders: readonly string[];
  readonly maxAge: number | undefined;
  readonly allowCredentials: boolean;

  constructor(input: CorsRuleInput) {
    this.allowOrigin = input.allowOrigin;
    this.allowMethods = (input.allowMethods ?? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).map((method) => method.toUpperCase());
    this.allowHeaders = input.allowHeaders === true ? true : (input.allowHeaders ?? []).map((header) => header.toLowerCase());
    this.exposeHeaders = input.exposeHeaders ?? [];
    this.maxAge = input.maxAge;
    this.allowCredentials = input.allowCredentials ?? false;
    if (this.allowCredentials && this.allowOrigin.includes('*')) throw new SluiceError('SLUICE_CORS_CREDENTIALS_ANY_ORIGIN', {});
  }

  allows(origin: string): boolean {
    return this.allowOrigin.some((allowed) => (typeof allowed === 'string' ? allowed === '*' || allowed === origin : allowed.test(origin)));
  }

  /** What Access-Control-Allow-Origin says to an allowed origin. */
  allowOriginValue(origin: string): string {
    return this.allowOrigin.includes('*') && !this.allowCredentials ? '*' : origin;
  }
}
