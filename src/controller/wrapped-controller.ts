import { declareArgumentsLike } from './argument-metadata.ts';
import { controllerName, controllerTarget, type Controller } from './controller.ts';

const originals = new WeakMap<Function, Function>();

/** The function a wrapper made by {@link wrapController} calls (the one its declarations are on), or `fn` itself. */
export function unwrappedFunction(fn: Function): Function {
  return originals.get(fn) ?? fn;
}

/** Runs instead of a controller: `proceed` calls it with the arguments the kernel resolved. */
export type ControllerAround = (proceed: (args: unknown[]) => unknown, args: unknown[]) => unknown;

/**
 * The same controller with `around` run instead of it, for work that belongs to the call
 * itself (a rate limit, a trace span) without a listener. For `[object, 'method']` it is
 * `[wrapper, 'method']`, where `wrapper` inherits from `object` and owns only the method:
 * its class, and so its name and declarations, stay the controller's, and the method's
 * argument declarations are copied to the wrapper.
 */
export function wrapController(controller: Controller, around: ControllerAround): Controller {
  const { fn, self } = controllerTarget(controller);
  const wrapper = function (this: unknown, ...args: unknown[]): unknown {
    return around((given) => fn.apply(self, given), args);
  };
  declareArgumentsLike(wrapper, fn);
  originals.set(wrapper, unwrappedFunction(fn));
  if (typeof controller === 'function') return Object.assign(wrapper, { controllerName: controllerName(controller) });
  const [object, method] = controller;
  return [Object.create(object, { [method]: { value: wrapper } }) as object, method];
}

/**
 * `wrap` applied once per controller and remembered (for a controller resolver that
 * decorates another): the same controller value gets the same wrapper at every request.
 * `wrap` gives null for a controller it leaves as it is.
 */
export function rememberedWrapping(wrap: (controller: Controller) => Controller | null): (controller: Controller) => Controller {
  const wrapped = new WeakMap<object, Controller | null>();
  return (controller) => {
    let known = wrapped.get(controller);
    if (known === undefined) {
      known = wrap(controller);
      wrapped.set(controller, known);
    }
    return known ?? controller;
  };
}
