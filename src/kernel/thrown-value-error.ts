import { inspect } from 'node:util';

/**
 * Something other than an Error was thrown (`throw 'boom'`, a rejected promise with a
 * plain object). It is wrapped so the value reaches the logs and error page, never lost.
 */
export class ThrownValueError extends Error {
  override name = 'ThrownValueError';
  readonly value: unknown;

  constructor(value: unknown) {
    super(`A non-Error value was thrown: ${inspect(value, { depth: 2, breakLength: Infinity })}`);
    this.value = value;
  }
}

export function toError(value: unknown): Error {
  return value instanceof Error ? value : new ThrownValueError(value);
}
