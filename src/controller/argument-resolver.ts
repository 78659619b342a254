import type { Request } from '../http/request.ts';
import { controllerName, type Controller } from './controller.ts';
import { argumentMetadataFor } from './argument-metadata.ts';
import type { ArgumentValueResolver } from './value-resolver/argument-value-resolver.ts';
import { RequestAttributeValueResolver } from './value-resolver/request-attribute-value-resolver.ts';
import { RequestValueResolver } from './value-resolver/request-value-resolver.ts';
import { ExceptionValueResolver } from './value-resolver/exception-value-resolver.ts';
import { DefaultValueResolver } from './value-resolver/default-value-resolver.ts';
import { VariadicValueResolver } from './value-resolver/variadic-value-resolver.ts';
import { SluiceError } from '../exception/sluice-error.ts';

export interface ArgumentResolverInterface {
  getArguments(request: Request, controller: Controller): unknown[];
}

/** Every controller argument comes from the first resolver of the chain that applies. */
export class ArgumentResolver implements ArgumentResolverInterface {
  readonly #resolvers: readonly ArgumentValueResolver[];

  constructor(resolvers: readonly ArgumentValueResolver[] = ArgumentResolver.defaultResolvers()) {
    this.#resolvers = resolvers;
  }

  /** The default chain; extra resolvers (session, user) go before DefaultValueResolver. */
  static defaultResolvers(extra: readonly ArgumentValueResolver[] = []): ArgumentValueResolver[] {
    return [
      new RequestAttributeValueResolver(),
      new RequestValueResolver(),
      new ExceptionValueResolver(),
      ...extra,
      new DefaultValueResolver(),
      new VariadicValueResolver(),
    ];
  }

  getArguments(request: Request, controller: Controller): unknown[] {
    const metadata = argumentMetadataFor(controller);
    // sized once for one value per argument: pushing into an empty array makes it grow
    const args: unknown[] = new Array(metadata.length);
    let count = 0;
    for (let m = 0; m < metadata.length; m++) {
      const argument = metadata[m]!;
      let values: readonly unknown[] | undefined;
      for (const resolver of this.#resolvers) {
        values = resolver.resolve(request, argument);
        if (values !== undefined) break;
      }
      if (values === undefined) {
        throw new MissingArgumentError('SLUICE_MISSING_ARGUMENT', { controller: controllerName(controller), argument: argument.name });
      }
      if (values.length === 1) args[count++] = values[0];
      else for (const value of values) args[count++] = value;
    }
    // a rest parameter may have taken none or several values
    if (count !== args.length) args.length = count;
    return args;
  }
}

/** No resolver could give a controller argument its value (a 500: the route or controller is wrong). */
export class MissingArgumentError extends SluiceError<'SLUICE_MISSING_ARGUMENT'> {
  override name = 'MissingArgumentError';
}
