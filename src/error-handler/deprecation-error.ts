/**
 * A deprecation notice as an error object (never thrown): it rides in a log entry's
 * context as `exception`, which tells the error page and profiler it is a deprecation.
 */
export class DeprecationError extends Error {
  override name = 'DeprecationError';
  readonly package: string | undefined;
  readonly since: string | undefined;

  constructor(message: string, pkg?: string, since?: string) {
    super(message);
    this.package = pkg;
    this.since = since;
  }
}

export function isDeprecation(value: unknown): value is DeprecationError {
  return value instanceof DeprecationError;
}
