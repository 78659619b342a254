/**
 * A controller takes parameters it did not declare: argument resolution goes by name, and
 * names are not read from the function's source (a minifier renames them).
 */
export class UndeclaredArgumentsError extends Error {
  override name = 'UndeclaredArgumentsError';

  static none(controller: string, count: number): UndeclaredArgumentsError {
    return new UndeclaredArgumentsError(
      `Controller "${controller}" takes ${count} parameter${count === 1 ? '' : 's'} but declares none: list them in order with their classes, ` +
        'e.g. @Args({ request: Request, id: String }) on the method (or declareArguments(fn, { ... }) for a function).',
    );
  }

  static tooFew(controller: string, count: number, declared: readonly string[]): UndeclaredArgumentsError {
    return new UndeclaredArgumentsError(
      `Controller "${controller}" takes ${count} parameters but declares ${declared.length} (${declared.map((name) => `"${name}"`).join(', ')}): ` +
        'list every parameter, in order, in its @Args({ ... }) declaration.',
    );
  }
}
