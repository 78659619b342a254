import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchema } from '../payload/json-schema.ts';
import { publicMethodName, type MethodDecorator } from '../decorators/decorate.ts';

export interface ResponseDoc {
  description: string;
  /** The body's schema: a Standard Schema (its JSON Schema is asked for) or a JSON Schema. */
  schema?: StandardSchemaV1 | JsonSchema;
  /** The media type of the body; `application/json` by default. */
  contentType?: string;
  headers?: Readonly<Record<string, { description: string }>>;
}

export interface OperationDoc {
  summary?: string;
  description?: string;
  tags?: readonly string[];
  /** The raw body an operation takes instead of a mapped payload (`image/jpeg`, ...). */
  requestBody?: { contentType: string; description?: string; schema?: JsonSchema };
  responses?: Readonly<Record<string, ResponseDoc>>;
}

const docs = new WeakMap<Function, OperationDoc>();

/**
 * Documents a controller method in the OpenAPI document beyond what its route and its
 * mapped payload already say: a summary, tags, the responses and their schemas.
 */
export function ApiOperation(doc: OperationDoc): MethodDecorator {
  return (method, context) => {
    publicMethodName('ApiOperation', context);
    docs.set(method, doc);
  };
}

export function operationDocOf(method: Function): OperationDoc | undefined {
  return docs.get(method);
}
