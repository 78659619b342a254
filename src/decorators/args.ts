import { declareArgumentTypes, type Declared } from '../controller/argument-metadata.ts';
import { publicMethodName, type MethodDecorator } from './decorate.ts';

/**
 * Declares the classes of a method's parameters, by name: types are erased at run time
 * and standard decorators cannot decorate parameters. A parameter declared with a class
 * receives the request for `Request`, and is converted (entity, Date) otherwise.
 *
 * ```ts
 * @Args({ event: Event, since: { type: Date, nullable: true } })
 * showAction(event: Event, since: Date | null) { ... }
 * ```
 */
export function Args(types: Readonly<Record<string, Function | Declared>>): MethodDecorator {
  return (method, context) => {
    publicMethodName('Args', context);
    declareArgumentTypes(method, types);
  };
}
