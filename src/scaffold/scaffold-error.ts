/** A refusal the command line shows as one line, without a stack trace: bad input, nothing written. */
export class ScaffoldError extends Error {
  override name = 'ScaffoldError';
}
