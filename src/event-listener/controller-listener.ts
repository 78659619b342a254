import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ControllerEvent } from '../event/controller-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { Priority } from './priorities.ts';
import type {
  CacheConfiguration,
  Configuration,
  ConfigurationAlias,
  IsGrantedConfiguration,
  ParamConverterConfiguration,
  TemplateConfiguration,
} from '../decorators/configuration.ts';
import { LIST_ALIASES } from '../decorators/configuration.ts';
import { asTuple, controllerMetadata } from '../decorators/controller-metadata.ts';
import { declarationsRecorded } from '../decorators/metadata-store.ts';

declare module '../http/request.ts' {
  interface RequestAttributes {
    /** Set by ControllerListener from `@Cache`; read by HttpCacheListener. */
    _cache?: CacheConfiguration;
    /** Set by ControllerListener from `@Template`; read (and completed) by TemplateListener. */
    _template?: TemplateConfiguration;
    /** Set by ControllerListener from `@IsGranted`, class-level first; read by IsGrantedListener. */
    _is_granted?: IsGrantedConfiguration[];
    /** Set by ControllerListener from `@ParamConverter` / `@Entity`; read by ParamConverterListener. */
    _converters?: ParamConverterConfiguration[];
  }
}

/** Declarations consumed at boot (routes), not per request: `_route` is the matched route's name. */
const REQUEST_ALIASES: ReadonlySet<ConfigurationAlias> = new Set(['cache', 'template', 'is_granted', 'converters']);

/**
 * Reads the controller's declarations (decorators or `defineController`) into request
 * attributes `_cache`, `_template`, `_is_granted` and `_converters`, for the listeners
 * after it. Lists (`_is_granted`, `_converters`) hold the class's declarations then the
 * method's; for single values the method's overrides the class's; one kind declared twice
 * on the same class or method is an error. Function controllers carry no declarations;
 * an invokable object becomes `[object, '__invoke']`.
 */
export class ControllerListener implements EventSubscriber {
  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.CONTROLLER]: ['onKernelController', Priority.CONTROLLER_DEFAULT] };
  }

  onKernelController(event: ControllerEvent): void {
    const controller = event.controller;
    const tuple = asTuple(controller);
    if (tuple === undefined) return;
    // An invokable object set by an earlier listener is called as its __invoke method from here on.
    if (!Array.isArray(controller)) event.setController(tuple);
    else if (undeclared.get(controller) === declarationsRecorded()) return;
    const metadata = controllerMetadata(tuple)!;
    const fromClass = group(metadata.class);
    const fromMethod = group(metadata.method);
    if (fromClass.size === 0 && fromMethod.size === 0) {
      if (Array.isArray(controller)) undeclared.set(controller, declarationsRecorded());
      return;
    }
    const attributes = event.request.attributes;
    for (const alias of new Set([...fromClass.keys(), ...fromMethod.keys()])) {
      const classValue = fromClass.get(alias);
      const methodValue = fromMethod.get(alias);
      let value: unknown;
      if (classValue === undefined) value = methodValue;
      else if (methodValue === undefined) value = classValue;
      else value = Array.isArray(classValue) ? [...classValue, ...(methodValue as unknown[])] : methodValue;
      attributes.set(`_${alias}`, value);
    }
  }
}

/**
 * Controller tuples found to declare nothing for the request (most controllers), with the
 * count of declarations recorded when they were read: the resolver hands the same tuple
 * for a route every time, so they are read once, and again only if declarations were
 * recorded since.
 */
const undeclared = new WeakMap<object, number>();

/**
 * The declarations of one class or method by alias: a list for repeatable ones, the value
 * otherwise. Values are copied, so a listener completing one for this request (the
 * template name TemplateListener guesses) never changes the declaration itself.
 */
function group(configurations: readonly Configuration[]): Map<ConfigurationAlias, unknown> {
  const grouped = new Map<ConfigurationAlias, unknown>();
  for (const { alias, value } of configurations) {
    if (!REQUEST_ALIASES.has(alias)) continue;
    const copy = { ...value };
    if (LIST_ALIASES.has(alias)) {
      const list = (grouped.get(alias) as unknown[] | undefined) ?? [];
      list.push(copy);
      grouped.set(alias, list);
    } else if (grouped.has(alias)) {
      throw new Error(`Multiple "${alias}" annotations are not allowed.`);
    } else {
      grouped.set(alias, copy);
    }
  }
  return grouped;
}
