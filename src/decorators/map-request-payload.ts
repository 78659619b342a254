import type { StandardSchemaV1 } from '@standard-schema/spec';
import { declareArgumentTypes } from '../controller/argument-metadata.ts';
import { PayloadMapping, type PayloadMappingOptions } from '../payload/payload-mapping.ts';
import { publicMethodName, type MethodDecorator } from './decorate.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/**
 * Fills the parameter `name` from the request body (JSON or a form), checked by a
 * Standard Schema (zod, valibot, arktype): the controller receives the schema's output.
 * Malformed JSON is a 400, another content type a 415, a refused payload a 422
 * problem+json with its `violations`. The body is read after the access checks.
 *
 * ```ts
 * @MapRequestPayload('input', z.object({ title: z.string().min(1) }))
 * createAction(input: { title: string }) { ... }
 * ```
 */
export function MapRequestPayload(name: string, schema: StandardSchemaV1, options: PayloadMappingOptions = {}): MethodDecorator {
  return mapping('MapRequestPayload', name, new PayloadMapping('body', schema, options));
}

/** The same for the query string (`?page=2&perPage=20`): a schema that coerces strings fits it (`z.coerce.number()`). */
export function MapQueryString(name: string, schema: StandardSchemaV1, options: Pick<PayloadMappingOptions, 'validationFailedStatusCode'> = {}): MethodDecorator {
  return mapping('MapQueryString', name, new PayloadMapping('query', schema, options));
}

function mapping(decorator: string, name: string, payload: PayloadMapping): MethodDecorator {
  if (typeof name !== 'string' || name === '') throw new SluiceError('SLUICE_DECORATOR_NEEDS_PARAMETER_TO_FILL', { decorator });
  return (method, context) => {
    publicMethodName(decorator, context);
    declareArgumentTypes(method, { [name]: { attributes: [payload] } });
  };
}
