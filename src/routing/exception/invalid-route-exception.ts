/**
 * A route definition cannot be compiled or used: a bad variable name, an empty
 * requirement, a UTF-8 pattern without the `utf8` option. This is a programming error
 * in the application's routes, raised at boot, never a per-request condition.
 */
export class InvalidRouteException extends Error {
  override name = 'InvalidRouteException';

  constructor(message = '', options?: ErrorOptions) {
    super(message, options);
  }
}
