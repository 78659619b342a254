import { SluiceError } from '../exception/sluice-error.ts';
/** A controller: a function, or `[object, 'method']` (the form whose name is `Class::method`). */
export type ControllerFunction = (...args: never[]) => unknown;
export type ControllerTuple = readonly [object, string];
export type Controller = ControllerFunction | ControllerTuple;

/** The controller's name as logs and the profiler show it. */
export function controllerName(controller: Controller): string {
  if (typeof controller === 'function') {
    const named = (controller as { controllerName?: string }).controllerName;
    if (named !== undefined) return named;
    return controller.name === '' ? 'closure' : controller.name.replace(/^bound /, '');
  }
  return `${controller[0].constructor.name}::${controller[1]}`;
}

/** The function a controller calls and the object it is called on. */
export function controllerTarget(controller: Controller): { fn: (...args: unknown[]) => unknown; self: object | undefined } {
  if (typeof controller === 'function') return { fn: controller as (...args: unknown[]) => unknown, self: undefined };
  const [self, method] = controller;
  const fn = (self as Record<string, unknown>)[method];
  if (typeof fn !== 'function') throw new SluiceError('SLUICE_CONTROLLER_NOT_CALLABLE', { controller: controllerName(controller), method });
  return { fn: fn as (...args: unknown[]) => unknown, self };
}

export function callController(controller: Controller, args: readonly unknown[]): unknown {
  const { fn, self } = controllerTarget(controller);
  return fn.apply(self, args as unknown[]);
}
