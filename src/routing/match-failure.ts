import { MethodNotAllowedException } from './exception/method-not-allowed-exception.ts';
import { NoConfigurationException } from './exception/no-configuration-exception.ts';
import { ResourceNotFoundException } from './exception/resource-not-found-exception.ts';

/**
 * Why matching failed, as a value. The exception is created only by `match()`, so that
 * `lookup()` (and a 404 that is answered without one) does not pay for a stack trace.
 */
export class MatchFailure {
  /** For callers that only need to know that nothing matched (`lookup()`). */
  static readonly QUIET: MatchFailure = Object.freeze(new MatchFailure('not-found', ''));

  private constructor(
    readonly kind: 'not-found' | 'method-not-allowed' | 'no-configuration',
    readonly path: string,
    readonly allowedMethods: readonly string[] = [],
  ) {}

  static notFound(path: string): MatchFailure {
    return new MatchFailure('not-found', path);
  }

  static methodNotAllowed(path: string, allowedMethods: readonly string[]): MatchFailure {
    return new MatchFailure('method-not-allowed', path, allowedMethods);
  }

  static noConfiguration(path: string): MatchFailure {
    return new MatchFailure('no-configuration', path);
  }

  toException(): Error {
    switch (this.kind) {
      case 'method-not-allowed':
        return new MethodNotAllowedException(this.allowedMethods);
      case 'no-configuration':
        return new NoConfigurationException();
      case 'not-found':
        return new ResourceNotFoundException(`No routes found for "${this.path}".`);
    }
  }
}
