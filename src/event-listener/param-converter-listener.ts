import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ControllerEvent } from '../event/controller-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { Priority } from './priorities.ts';
import type { Controller } from '../controller/controller.ts';
import { argumentMetadataFor } from '../controller/argument-metadata.ts';
import type { Request } from '../http/request.ts';
import type { ParamConverterConfiguration } from '../decorators/configuration.ts';
import type { ParamConverterManager } from '../param-converter/param-converter-manager.ts';

/**
 * Converts request attributes into the objects the controller asks for, before argument
 * resolution reads them: the `_converters` declarations, plus (with auto-conversion, the
 * default) every parameter declared with a class other than the request's. A parameter
 * with a default or declared nullable is optional: not finding it gives null, not a 404.
 */
export class ParamConverterListener implements EventSubscriber {
  readonly #manager: ParamConverterManager;
  readonly #autoConvert: boolean;

  constructor(manager: ParamConverterManager, autoConvert = true) {
    this.#manager = manager;
    this.#autoConvert = autoConvert;
  }

  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.CONTROLLER]: ['onKernelController', Priority.CONTROLLER_DEFAULT] };
  }

  onKernelController(event: ControllerEvent): void | Promise<void> {
    const request = event.request;
    // most controllers convert nothing: the map is made only once there is something in it
    let configurations: Map<string, ParamConverterConfiguration> | undefined;
    const declared = request.attributes.get('_converters');
    if (Array.isArray(declared)) {
      for (const configuration of declared as ParamConverterConfiguration[]) (configurations ??= new Map()).set(configuration.name, configuration);
    }
    if (this.#autoConvert) configurations = autoConfigure(event.controller, request, configurations);
    if (configurations === undefined || configurations.size === 0) return;
    return this.#manager.apply(request, [...configurations.values()]);
  }
}

/** The declared configurations plus one for each class-typed parameter, optional ones marked (undefined when there are none). */
function autoConfigure(controller: Controller, request: Request, declared: Map<string, ParamConverterConfiguration> | undefined): Map<string, ParamConverterConfiguration> | undefined {
  let configurations = declared;
  for (const parameter of argumentMetadataFor(controller)) {
    const type = parameter.type;
    if (type !== undefined && request instanceof type) continue;
    let configuration = configurations?.get(parameter.name);
    if (type !== undefined) {
      configuration ??= { name: parameter.name, options: {}, isOptional: false, annotation: 'ParamConverter' };
      if (configuration.class === undefined) configuration = { ...configuration, class: type };
    }
    if (configuration !== undefined) {
      // The reference derives optionality from the signature alone; a declared
      // `isOptional: true` is kept too, since JavaScript has no nullable type to say it.
      const isOptional = configuration.isOptional || parameter.hasDefault || parameter.isNullable;
      (configurations ??= new Map()).set(parameter.name, { ...configuration, isOptional });
    }
  }
  return configurations;
}
