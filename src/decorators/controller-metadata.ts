import type { Configuration } from './configuration.ts';
import { classConfigurations, declaringClass, methodConfigurations } from './metadata-store.ts';

export interface ControllerMetadata {
  /** Declarations on the controller's class, in source order. */
  readonly class: readonly Configuration[];
  /** Declarations on the called method (on the class declaring it), in source order. */
  readonly method: readonly Configuration[];
}

/**
 * What was declared for a controller, by decorators or `defineController`. Applies to
 * `[object, 'method']` controllers and invokable objects (read as `[object, '__invoke']`);
 * a plain function has no class to carry declarations, so it gives undefined.
 */
export function controllerMetadata(controller: unknown): ControllerMetadata | undefined {
  const tuple = asTuple(controller);
  if (tuple === undefined) return undefined;
  const [object, method] = tuple;
  const owner = declaringClass(object, method);
  return {
    class: classConfigurations(object.constructor),
    method: owner === undefined ? [] : methodConfigurations(owner, method),
  };
}

/** `[object, 'method']` for a tuple or an invokable object, undefined otherwise. */
export function asTuple(controller: unknown): readonly [object, string] | undefined {
  if (Array.isArray(controller)) {
    const [object, method] = controller as unknown[];
    return typeof object === 'object' && object !== null && typeof method === 'string' ? [object, method] : undefined;
  }
  if (typeof controller === 'object' && controller !== null && typeof (controller as { __invoke?: unknown }).__invoke === 'function') {
    return [controller, '__invoke'];
  }
  return undefined;
}
