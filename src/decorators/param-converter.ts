import { declareArgumentTypes } from '../controller/argument-metadata.ts';
import type { ParamConverterConfiguration } from './configuration.ts';
import { recordingDecorator, type ClassOrMethodDecorator } from './decorate.ts';
import { SluiceError } from '../exception/sluice-error.ts';

export interface ParamConverterOptions {
  /** The class the attribute becomes; on a method it also declares the parameter's type. */
  class?: Function;
  /** Only this converter may convert it: `entity`, `datetime` or a name registered by the application. */
  converter?: string;
  /** Converter options, e.g. `{ id: 'event_id' }`, `{ mapping: { slug: 'slug' } }`, `{ format: 'Y-m-d' }`. */
  options?: Readonly<Record<string, unknown>>;
  isOptional?: boolean;
}

/**
 * Declares how the request attribute `name` becomes the object the controller receives
 * (ParamConverterListener). A parameter declared with a class (here, with `@Args` or
 * `declareArgumentTypes`) is converted without any declaration; this one adds options
 * or picks the converter.
 *
 * ```ts
 * @ParamConverter('start', { class: Date, options: { format: 'Y-m-d' } })
 * listAction(start: Date) { ... }
 * ```
 */
export function ParamConverter(name: string, options: ParamConverterOptions = {}): ClassOrMethodDecorator {
  const configuration = paramConverterConfiguration(name, options, 'ParamConverter');
  return recordingDecorator('ParamConverter', { alias: 'converters', value: configuration }, (method) => declareConverterClass(method, configuration));
}

export function paramConverterConfiguration(
  name: string,
  options: ParamConverterOptions,
  annotation: ParamConverterConfiguration['annotation'],
): ParamConverterConfiguration {
  if (typeof name !== 'string' || name === '') throw new SluiceError('SLUICE_DECORATOR_NEEDS_PARAMETER', { decorator: annotation });
  return Object.freeze({
    name,
    ...(options.class !== undefined && { class: options.class }),
    ...(options.converter !== undefined && { converter: options.converter }),
    options: Object.freeze({ ...options.options }),
    isOptional: options.isOptional ?? false,
    annotation,
  });
}

/** The declared class also types the method's parameter, so argument resolution and auto-conversion see it. */
export function declareConverterClass(method: Function, configuration: ParamConverterConfiguration): void {
  if (configuration.class !== undefined) declareArgumentTypes(method, { [configuration.name]: configuration.class });
}
