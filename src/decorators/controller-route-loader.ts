import { Route } from '../routing/route.ts';
import { RouteCollection } from '../routing/route-collection.ts';
import type { RouteConfiguration } from './configuration.ts';
import { classConfigurations, methodConfigurations } from './metadata-store.ts';
import { defaultRouteName } from './default-route-name.ts';

export interface ControllerRouteLoaderOptions {
  /** Put before default route names only, as the reference's namespace is (`'app_'` gives `app_event_show`). */
  namePrefix?: string;
}

type ControllerClass = abstract new (...args: never[]) => object;

/**
 * Builds routes from `@Route` declarations (decorators or `defineController`). A class's
 * `@Route` gives the prefix, name prefix and shared settings; each method `@Route` gives
 * a route whose `_controller` is `ClassName::method` (register the class in
 * `kernel.controllers` under its name). An invokable class with no method routes gets its
 * class `@Route`s as routes of `__invoke`.
 */
export class ControllerRouteLoader {
  readonly #namePrefix: string;

  constructor(options: ControllerRouteLoaderOptions = {}) {
    this.#namePrefix = options.namePrefix ?? '';
  }

  load(controllers: readonly ControllerClass[]): RouteCollection {
    const collection = new RouteCollection();
    for (const controller of controllers) this.#loadClass(collection, controller);
    return collection;
  }

  #loadClass(collection: RouteCollection, controller: ControllerClass): void {
    const classRoutes = classConfigurations(controller).flatMap((c) => (c.alias === 'route' ? [c.value] : []));
    const globals = classRoutes[0] ?? {};
    const before = collection.count();
    for (const [method, owner] of methodsOf(controller)) {
      const routes = methodConfigurations(owner, method).flatMap((c) => (c.alias === 'route' ? [c.value] : []));
      let unnamed = 0;
      for (const route of routes) this.#add(collection, route, globals, controller, method, route.name === undefined ? unnamed++ : 0);
    }
    if (collection.count() === before && typeof controller.prototype.__invoke === 'function') {
      classRoutes.forEach((route, i) => this.#add(collection, route, {}, controller, '__invoke', route.name === undefined ? i : 0));
    }
  }

  #add(collection: RouteCollection, route: RouteConfiguration, globals: RouteConfiguration, controller: Function, method: string, index: number): void {
    const name = `${globals.name ?? ''}${route.name ?? this.#namePrefix + defaultRouteName(controller.name, method, index)}`;
    const defaults: Record<string, unknown> = { ...globals.defaults, ...route.defaults };
    const locale = route.locale ?? globals.locale;
    const format = route.format ?? globals.format;
    if (locale !== undefined) defaults._locale = locale;
    if (format !== undefined) defaults._format = format;
    defaults._controller = method === '__invoke' ? controller.name : `${controller.name}::${method}`;
    const condition = route.condition ?? globals.condition;
    const utf8 = route.utf8 ?? globals.utf8;
    const priority = route.priority ?? globals.priority ?? 0;
    collection.add(
      name,
      new Route(`${globals.path ?? ''}${route.path ?? ''}`, {
        defaults,
        requirements: { ...globals.requirements, ...route.requirements },
        options: { ...globals.options, ...route.options },
        host: route.host ?? globals.host ?? '',
        schemes: [...asList(globals.schemes), ...asList(route.schemes)],
        methods: [...asList(globals.methods), ...asList(route.methods)],
        ...(condition !== undefined && { condition }),
        ...(utf8 !== undefined && { utf8 }),
        priority,
      }),
      priority,
    );
  }
}

/** Routes of decorated controller classes; see ControllerRouteLoader. */
export function loadRoutesFromControllers(controllers: readonly ControllerClass[], options: ControllerRouteLoaderOptions = {}): RouteCollection {
  return new ControllerRouteLoader(options).load(controllers);
}

/** Every method a class's instances have, with the class declaring it; subclasses first, as reflection lists them. */
function* methodsOf(controller: ControllerClass): Generator<[string, Function]> {
  const seen = new Set<string>();
  for (let proto = controller.prototype; proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || seen.has(name)) continue;
      seen.add(name);
      if (typeof Object.getOwnPropertyDescriptor(proto, name)?.value === 'function') yield [name, proto.constructor];
    }
  }
}

function asList(value: string | readonly string[] | undefined): readonly string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}
