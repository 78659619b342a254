import { declareArguments, type ArgumentDeclaration } from '../controller/argument-metadata.ts';
import { publicMethodName, type MethodDecorator } from './decorate.ts';

/**
 * Declares a controller method's parameters, in order (the object's key order), each
 * with its class: arguments are resolved by name, and JavaScript keeps no parameter
 * names at run time (a minifier renames them; types are erased). A class gives the
 * request (`Request`), the session (`Session`) or a converted value (an entity, `Date`);
 * `String`, `Number`, `Boolean` or `Object` is a value matched by name only (a route
 * parameter, `user`); `{ type, optional, nullable, variadic }` says more. A method with
 * parameters and no `@Args` is an error when it is called as a controller.
 *
 * ```ts
 * @Args({ event: Event, _locale: String, page: { type: Number, optional: true } })
 * showAction(event: Event, _locale: string, page = 1) { ... }
 * ```
 */
export function Args(declarations: Readonly<Record<string, ArgumentDeclaration>>): MethodDecorator {
  return (method, context) => {
    publicMethodName('Args', context);
    declareArguments(method, declarations);
  };
}
