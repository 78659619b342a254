/**
 * A route matches the path, but not with this HTTP method. Its message is empty on
 * purpose: the HTTP layer builds its own ("Method Not Allowed (Allow: ...)") from
 * `allowedMethods`.
 */
export class MethodNotAllowedException extends Error {
  override name = 'MethodNotAllowedException';
  readonly allowedMethods: readonly string[];

  constructor(allowedMethods: readonly string[], message = '', options?: ErrorOptions) {
    super(message, options);
    this.allowedMethods = [...new Set(allowedMethods.map((method) => method.toUpperCase()))];
  }
}
