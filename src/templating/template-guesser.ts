import type { Request } from '../http/request.ts';
import { controllerName, type Controller } from '../controller/controller.ts';
import { ControllerBundleRegistry } from './controller-bundle-registry.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/**
 * Guesses a controller's template from its class and method, as the reference's
 * TemplateGuesser: `EventController::showAction` → `event/show.html.twig`. The class
 * loses `Controller`, the method `Action`; both become snake_case (`FooBarController` →
 * `foo_bar`); `__invoke` uses the class part alone; the request format comes before
 * `.twig`; a controller of a bundle gets its namespace (`@App/...`, see ControllerBundleRegistry).
 */
export class TemplateGuesser {
  readonly #bundles: ControllerBundleRegistry;
  /** The name without its format, per controller class and method: the same few controllers answer request after request. */
  readonly #guessed = new WeakMap<object, Map<string, string>>();

  constructor(bundles: ControllerBundleRegistry = new ControllerBundleRegistry()) {
    this.#bundles = bundles;
  }

  guessTemplateName(controller: Controller, request: Request): string {
    if (typeof controller === 'function') {
      throw new SluiceError('SLUICE_TEMPLATE_NOT_GUESSABLE', { controller: controllerName(controller) });
    }
    const [object, method] = controller;
    let byMethod = this.#guessed.get(object.constructor);
    let stem = byMethod?.get(method);
    if (stem === undefined) {
      stem = this.#stem(object, method);
      if (byMethod === undefined) this.#guessed.set(object.constructor, (byMethod = new Map()));
      byMethod.set(method, stem);
    }
    return `${stem}.${request.getRequestFormat() ?? 'html'}.twig`;
  }

  #stem(object: object, method: string): string {
    const className = object.constructor.name;
    const match = /^(.+)Controller$/.exec(className);
    if (match === null) throw new SluiceError('SLUICE_NOT_A_CONTROLLER_CLASS', { className });
    const base = snakeCase(match[1]!);
    const path = method === '__invoke' ? base : `${base}/${snakeCase(method.replace(/Action$/, ''))}`;
    const bundle = this.#bundles.bundleOf(object.constructor);
    const prefix = bundle === undefined ? '' : `@${bundle.replace(/Bundle$/, '')}/`;
    return `${prefix}${path}`;
  }
}

/** `FooBar` → `foo_bar`, `HTMLParser` → `html_parser`, `list2Items` → `list2_items`. */
function snakeCase(name: string): string {
  return name.replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').replace(/([a-z\d])([A-Z])/g, '$1_$2').toLowerCase();
}
