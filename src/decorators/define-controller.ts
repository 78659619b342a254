import { declareArguments, type ArgumentDeclaration } from '../controller/argument-metadata.ts';
import type { CacheConfiguration, Configuration, IsGrantedConfiguration, RouteConfiguration, TemplateConfiguration } from './configuration.ts';
import { metadataOf, recordOnClass, recordOnMethod } from './metadata-store.ts';
import { routeConfiguration } from './route.ts';
import { cacheConfiguration } from './cache.ts';
import { templateConfiguration } from './template.ts';
import { isGrantedConfiguration } from './is-granted.ts';
import { declareConverterClass, paramConverterConfiguration, type ParamConverterOptions } from './param-converter.ts';
import { entityConfiguration, type EntityOptions } from './entity.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/** The declarations of a class or method, as a plain object (what the decorators record). */
export interface Declarations {
  route?: RouteConfiguration | readonly RouteConfiguration[];
  cache?: CacheConfiguration;
  template?: TemplateConfiguration | string;
  isGranted?: IsGrantedConfiguration | readonly IsGrantedConfiguration[];
  converters?: ReadonlyArray<ParamConverterOptions & { name: string }>;
  entities?: ReadonlyArray<EntityOptions & { name: string }>;
}

export interface MethodDeclarations extends Declarations {
  /** The parameters in order with their classes, as `@Args`. */
  args?: Readonly<Record<string, ArgumentDeclaration>>;
}

export interface ControllerDefinition {
  class?: Declarations;
  methods?: Readonly<Record<string, MethodDeclarations>>;
}

/**
 * The decorators' declarations for code without decorators (plain JavaScript, or a
 * class defined elsewhere). Returns the class, so it can wrap the definition:
 *
 * ```js
 * export const EventController = defineController(class EventController {
 *   showAction(event) { ... }
 * }, {
 *   class: { route: { path: '/events' } },
 *   methods: { showAction: { route: { path: '/{id}', name: 'app_event_show' }, cache: { maxage: 60 }, args: { event: Event } } },
 * });
 * ```
 */
export function defineController<C extends Function>(controller: C, definition: ControllerDefinition): C {
  const metadata = metadataOf(controller);
  for (const configuration of configurations(definition.class ?? {})) recordOnClass(metadata, configuration, 'last');
  for (const [method, declarations] of Object.entries(definition.methods ?? {})) {
    const fn = (controller.prototype as Record<string, unknown>)[method];
    if (typeof fn !== 'function') throw new SluiceError('SLUICE_NO_SUCH_CONTROLLER_METHOD', { controller: controller.name, method });
    for (const configuration of configurations(declarations)) {
      recordOnMethod(metadata, method, configuration, 'last');
      if (configuration.alias === 'converters') declareConverterClass(fn, configuration.value);
    }
    if (declarations.args !== undefined) declareArguments(fn, declarations.args);
  }
  return controller;
}

function configurations(declarations: Declarations): Configuration[] {
  const list: Configuration[] = [];
  for (const route of asList(declarations.route)) list.push({ alias: 'route', value: routeConfiguration(route) });
  if (declarations.cache !== undefined) list.push({ alias: 'cache', value: cacheConfiguration(declarations.cache) });
  if (declarations.template !== undefined) list.push({ alias: 'template', value: templateConfiguration(declarations.template) });
  for (const granted of asList(declarations.isGranted)) {
    list.push({ alias: 'is_granted', value: isGrantedConfiguration(granted.attributes, granted) });
  }
  for (const { name, ...options } of declarations.converters ?? []) {
    list.push({ alias: 'converters', value: paramConverterConfiguration(name, options, 'ParamConverter') });
  }
  for (const { name, ...options } of declarations.entities ?? []) list.push({ alias: 'converters', value: entityConfiguration(name, options) });
  return list;
}

function asList<T extends object>(value: T | readonly T[] | undefined): readonly T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value as T];
}
