import { SluiceError } from '../exception/sluice-error.ts';

/**
 * A controller takes parameters it did not declare: argument resolution goes by name, and
 * names are not read from the function's source (a minifier renames them).
 */
export class UndeclaredArgumentsError extends SluiceError<'SLUICE_UNDECLARED_ARGUMENTS' | 'SLUICE_TOO_FEW_DECLARED_ARGUMENTS'> {
  override name = 'UndeclaredArgumentsError';

  static none(controller: string, count: number): UndeclaredArgumentsError {
    return new UndeclaredArgumentsError('SLUICE_UNDECLARED_ARGUMENTS', { controller, count, plural: count === 1 ? '' : 's' });
  }

  static tooFew(controller: string, count: number, declared: readonly string[]): UndeclaredArgumentsError {
    const list = declared.map((name) => `"${name}"`).join(', ');
    return new UndeclaredArgumentsError('SLUICE_TOO_FEW_DECLARED_ARGUMENTS', { controller, count, declaredCount: declared.length, declared: list });
  }
}
