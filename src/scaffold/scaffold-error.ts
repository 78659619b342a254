import { SluiceError } from '../exception/sluice-error.ts';

/** A refusal the command line shows as one line, without a stack trace: bad input, nothing written. */
export class ScaffoldError extends SluiceError {
  override name = 'ScaffoldError';
}
