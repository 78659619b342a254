import type { Bundle } from '../kernel/bundle.ts';

type ControllerClass = abstract new (...args: never[]) => unknown;

/**
 * Which bundle each controller class belongs to, so a guessed template name gets the
 * bundle's namespace (`@App/event/show.html.twig`). JavaScript classes carry no namespace
 * to read it from, as PHP's do; bundles say it when they register their controllers:
 *
 * ```ts
 * kernel.container.find('templating.controller_bundles')?.register(this, EventController);
 * ```
 *
 * A subclass of a registered class belongs to the same bundle unless registered itself.
 * Controllers of no bundle (the application's own) get templates without a namespace.
 */
export class ControllerBundleRegistry {
  readonly #bundles = new WeakMap<Function, string>();

  register(bundle: Bundle | string, ...controllers: ControllerClass[]): this {
    const name = typeof bundle === 'string' ? bundle : bundle.name;
    for (const controller of controllers) this.#bundles.set(controller, name);
    return this;
  }

  /** The bundle's name (`AppBundle`), or undefined. */
  bundleOf(controller: Function): string | undefined {
    for (let current: unknown = controller; typeof current === 'function' && current !== Function.prototype; current = Object.getPrototypeOf(current)) {
      const bundle = this.#bundles.get(current as Function);
      if (bundle !== undefined) return bundle;
    }
    return undefined;
  }
}
