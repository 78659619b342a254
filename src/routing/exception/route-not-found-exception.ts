/** The URL generator was asked for a route name that the collection does not hold. */
export class RouteNotFoundException extends Error {
  override name = 'RouteNotFoundException';

  constructor(message = '', options?: ErrorOptions) {
    super(message, options);
  }
}
