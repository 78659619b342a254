/** The URL generator lacks a value for a path or host variable that has no default. */
export class MissingMandatoryParametersException extends Error {
  override name = 'MissingMandatoryParametersException';

  constructor(message = '', options?: ErrorOptions) {
    super(message, options);
  }
}
