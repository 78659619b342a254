/** A header name or value the response cannot carry (a CR or LF in it would split the response); the code node:http gives it. */
export class InvalidHeaderError extends TypeError {
  override readonly name = 'InvalidHeaderError';
  readonly code = 'ERR_INVALID_HTTP_TOKEN';
}
