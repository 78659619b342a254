/** No route matches the path (the router's 404). */
export class ResourceNotFoundException extends Error {
  override name = 'ResourceNotFoundException';

  constructor(message = '', options?: ErrorOptions) {
    super(message, options);
  }
}
