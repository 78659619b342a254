import type { Request } from '../http/request.ts';
import type { Controller } from './controller.ts';
import type { ControllerRegistry } from './controller-registry.ts';
import { BoundedCache } from '../support/bounded-cache.ts';

export interface ControllerResolverInterface {
  /** The controller for the request, or undefined when the request names none. */
  getController(request: Request): Controller | undefined;
}

interface WarningSink {
  warning(message: string, context?: Record<string, unknown>): void;
}

/**
 * Reads `_controller` and makes it callable: a function or `[object, 'method']` as is;
 * an object with `__invoke`; a `Class::method` string or the name of an invokable
 * registered controller, looked up in the registry.
 */
export class ControllerResolver implements ControllerResolverInterface {
  readonly #registry: ControllerRegistry;
  readonly #logger: WarningSink | undefined;
  /** Checked tuples by controller string, up to a route table's worth. */
  readonly #resolved = new BoundedCache<string, ResolvedString>(1000);
  /** The last string answered, which is most often the next one asked (a route's, the error page's). */
  #last: ResolvedString | undefined;

  constructor(registry: ControllerRegistry, logger?: WarningSink) {
    this.#registry = registry;
    this.#logger = logger;
  }

  getController(request: Request): Controller | undefined {
    const controller = request.attributes.get('_controller');
    if (controller === undefined || controller === null || controller === '') {
      this.#logger?.warning('Unable to look for the controller as the "_controller" parameter is missing.');
      return undefined;
    }
    if (typeof controller === 'function') return controller as Controller;
    if (Array.isArray(controller)) return this.#checkTuple(controller, request);
    if (typeof controller === 'object') {
      if (typeof (controller as { __invoke?: unknown }).__invoke === 'function') return [controller, '__invoke'];
      throw this.#notCallable(request, `the "${controller.constructor.name}" object has no "__invoke" method.`);
    }
    if (typeof controller !== 'string') throw this.#notCallable(request, `a ${typeof controller} is not a controller.`);
    return this.#fromString(controller, request);
  }

  #fromString(controller: string, request: Request): Controller {
    // The same few strings name every request's controller: their checked tuples are kept,
    // and still used only while the registry answers the same object for the name.
    // A tuple kept while the registry is unchanged names the object the registry holds.
    const last = this.#last;
    if (last !== undefined && last.controller === controller && last.generation === this.#registry.generation) return last.tuple;
    const known = this.#resolved.get(controller);
    if (known !== undefined && this.#registry.get(known.name) === known.instance) {
      known.generation = this.#registry.generation;
      this.#last = known;
      return known.tuple;
    }
    const separator = controller.indexOf('::');
    const name = separator === -1 ? controller : controller.slice(0, separator);
    const method = separator === -1 ? '__invoke' : controller.slice(separator + 2);
    const instance = this.#registry.get(name);
    if (instance === undefined) {
      const known = this.#registry.names();
      const hint = known.length === 0 ? 'no controller is registered' : `registered controllers: ${known.join(', ')}`;
      throw this.#notCallable(request, `no controller is registered under "${name}" (${hint}).`);
    }
    const resolved: ResolvedString = { controller, name, instance, tuple: this.#checkTuple([instance, method], request), generation: this.#registry.generation };
    this.#last = resolved;
    return this.#resolved.remember(controller, resolved).tuple;
  }

  #checkTuple(tuple: readonly unknown[], request: Request): Controller {
    const [target, method] = tuple;
    if (tuple.length !== 2 || typeof target !== 'object' || target === null || typeof method !== 'string') {
      throw this.#notCallable(request, 'an array controller must be [object, "method"].');
    }
    if (typeof (target as Record<string, unknown>)[method] !== 'function') {
      const methods = publicMethods(target);
      throw this.#notCallable(
        request,
        `expected method "${method}" on class "${target.constructor.name}"${methods.length > 0 ? `, available methods: "${methods.join('", "')}"` : ''}.`,
      );
    }
    return [target, method];
  }

  #notCallable(request: Request, reason: string): Error {
    return new TypeError(`The controller for URI "${request.rawPath}" is not callable: ${reason}`);
  }
}

/** A controller string's checked tuple, and the registry's generation it was last checked in. */
interface ResolvedString {
  readonly controller: string;
  readonly name: string;
  readonly instance: object;
  readonly tuple: Controller;
  generation: number;
}

function publicMethods(target: object): string[] {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(target); proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name !== 'constructor' && !name.startsWith('_') && typeof (target as Record<string, unknown>)[name] === 'function') names.add(name);
    }
  }
  return [...names].sort();
}
