/** A value given to the URL generator does not satisfy its variable's requirement. */
export class InvalidParameterException extends Error {
  override name = 'InvalidParameterException';

  constructor(message = '', options?: ErrorOptions) {
    super(message, options);
  }
}
