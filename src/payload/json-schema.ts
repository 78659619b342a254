import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { SluiceError } from '../exception/sluice-error.ts';
import { isDeferredSchema } from './deferred-schema.ts';

export type JsonSchema = Record<string, unknown>;

const given = new WeakMap<object, JsonSchema>();

/**
 * Gives a schema its JSON Schema, for libraries that cannot tell it themselves (the
 * OpenAPI document uses it). Returns the schema, so it can wrap a declaration.
 */
export function withJsonSchema<S extends StandardSchemaV1>(schema: S, jsonSchema: JsonSchema): S {
  given.set(schema, jsonSchema);
  return schema;
}

/**
 * A schema's JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1): one given with
 * `withJsonSchema`, else the library's own through Standard JSON Schema (zod 4, valibot
 * with its converter, arktype), else `{}` (anything), so a document is always produced.
 * A deferred schema answers the one it loaded (see loadDeferredSchemas).
 */
export function jsonSchemaOf(schema: StandardSchemaV1, direction: 'input' | 'output' = 'input'): JsonSchema {
  const known = given.get(schema);
  if (known !== undefined) return known;
  if (isDeferredSchema(schema)) {
    if (schema.loaded === undefined) throw new SluiceError('SLUICE_DEFERRED_SCHEMA_NOT_LOADED', {});
    return jsonSchemaOf(schema.loaded, direction);
  }
  const converter = (schema['~standard'] as Partial<StandardJSONSchemaV1.Props>).jsonSchema;
  if (converter === undefined) return {};
  const { $schema: _dialect, ...rest } = converter[direction]({ target: 'draft-2020-12' });
  return rest;
}
