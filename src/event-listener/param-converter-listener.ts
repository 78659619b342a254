import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ControllerEvent } from '../event/controller-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { Priority } from './priorities.ts';
import type { Controller } from '../controller/controller.ts';
import { argumentMetadataFor, type ArgumentMetadata } from '../controller/argument-metadata.ts';
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
    const declared = request.attributes.get('_converters');
    let configurations: readonly ParamConverterConfiguration[];
    if (Array.isArray(declared) && declared.length > 0) {
      const byName = new Map<string, ParamConverterConfiguration>();
      for (const configuration of declared as ParamConverterConfiguration[]) byName.set(configuration.name, configuration);
      configurations = [...(this.#autoConvert ? autoConfigure(event.controller, request, byName) : byName).values()];
    } else if (this.#autoConvert) {
      configurations = automaticConfigurations(event.controller, request);
    } else {
      return;
    }
    if (configurations.length === 0) return;
    return this.#manager.apply(request, configurations);
  }
}

/** The declared configurations plus one for each class-typed parameter, optional ones marked. */
function autoConfigure(controller: Controller, request: Request, configurations: Map<string, ParamConverterConfiguration>): Map<string, ParamConverterConfiguration> {
  for (const parameter of argumentMetadataFor(controller)) {
    const type = parameter.type;
    if (type !== undefined && request instanceof type) continue;
    let configuration = configurations.get(parameter.name);
    if (type !== undefined) {
      configuration ??= { name: parameter.name, options: {}, isOptional: false, annotation: 'ParamConverter' };
      if (configuration.class === undefined) configuration = { ...configuration, class: type };
    }
    if (configuration !== undefined) {
      // The reference derives optionality from the signature alone; a declared
      // `isOptional: true` is kept too, since JavaScript has no nullable type to say it.
      const isOptional = configuration.isOptional || parameter.hasDefault || parameter.isNullable;
      configurations.set(parameter.name, { ...configuration, isOptional });
    }
  }
  return configurations;
}

/** Each controller's configurations without declared ones: one per class-typed parameter, by its parameters (cached per controller). */
const automatic = new WeakMap<readonly ArgumentMetadata[], readonly ParamConverterConfiguration[]>();

/** What automaticConfigurations answered last: a server's requests share one prototype, and the error controller repeats. */
let lastAnswer: { readonly parameters: readonly ArgumentMetadata[]; readonly prototype: unknown; readonly configurations: readonly ParamConverterConfiguration[] } | undefined;

/**
 * What autoConfigure gives a controller that declares no converter, worked out once per
 * controller rather than per request (the error controller runs on every error page): a
 * parameter the request itself satisfies (typed Request) is left out. Whether the request
 * satisfies a class depends on its prototype alone, so the answer is kept per controller
 * and request prototype, and the last one is asked first, before any map.
 */
function automaticConfigurations(controller: Controller, request: Request): readonly ParamConverterConfiguration[] {
  const parameters = argumentMetadataFor(controller);
  const prototype: unknown = Object.getPrototypeOf(request);
  const last = lastAnswer;
  if (last !== undefined && last.parameters === parameters && last.prototype === prototype) return last.configurations;
  let all = automatic.get(parameters);
  if (all === undefined) {
    all = parameters
      .filter((parameter) => parameter.type !== undefined)
      .map((parameter) => Object.freeze({ name: parameter.name, options: Object.freeze({}), isOptional: parameter.hasDefault || parameter.isNullable, annotation: 'ParamConverter', class: parameter.type }));
    automatic.set(parameters, all);
  }
  const configurations = withoutRequestTyped(all, request, prototype);
  lastAnswer = { parameters, prototype, configurations };
  return configurations;
}

/**
 * The list without the request-typed parameters, per list and request prototype (the
 * last one worked out per list): the list itself when the request satisfies none.
 */
const lastWithoutRequestTyped = new WeakMap<readonly ParamConverterConfiguration[], { readonly prototype: unknown; readonly configurations: readonly ParamConverterConfiguration[] }>();

function withoutRequestTyped(all: readonly ParamConverterConfiguration[], request: Request, prototype: unknown): readonly ParamConverterConfiguration[] {
  const last = lastWithoutRequestTyped.get(all);
  if (last !== undefined && last.prototype === prototype) return last.configurations;
  const configurations = all.some((configuration) => request instanceof configuration.class!)
    ? Object.freeze(all.filter((configuration) => !(request instanceof configuration.class!)))
    : all;
  lastWithoutRequestTyped.set(all, { prototype, configurations });
  return configurations;
}
