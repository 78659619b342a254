import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { RouteCollection } from '../routing/route-collection.ts';
import type { Route } from '../routing/route.ts';
import type { Controller } from '../controller/controller.ts';
import { unwrappedFunction } from '../controller/wrapped-controller.ts';
import { controllerTarget } from '../controller/controller.ts';
import { argumentMetadataFor } from '../controller/argument-metadata.ts';
import { controllerMetadata } from '../decorators/controller-metadata.ts';
import { PayloadMapping } from '../payload/payload-mapping.ts';
import { jsonSchemaOf, type JsonSchema } from '../payload/json-schema.ts';
import { operationDocOf, type ResponseDoc } from './operation-doc.ts';

export interface OpenApiOptions {
  title: string;
  version: string;
  description?: string;
  /** Only routes whose path starts with it are documented. Default `/api`. */
  pathPrefix?: string;
  /** Route names left out (the document's own). */
  exclude?: readonly string[];
}

type Document = Record<string, unknown>;

const problem = { $ref: '#/components/schemas/Problem' };
const problemResponse = (description: string): Document => ({ description, content: { 'application/problem+json': { schema: problem } } });

/**
 * Builds an OpenAPI 3.1 document from the routes (paths, methods, path parameters and
 * their requirements), the mapped payloads of their controllers (request bodies and query
 * parameters from the Standard Schemas' JSON Schemas), `@ApiOperation` declarations
 * (summaries, responses) and `@IsGranted` (bearer security, 401 and 403 answers).
 */
export class OpenApiGenerator {
  readonly #options: OpenApiOptions;
  readonly #controllerOf: (route: Route) => Controller | undefined;

  constructor(options: OpenApiOptions, controllerOf: (route: Route) => Controller | undefined) {
    this.#options = options;
    this.#controllerOf = controllerOf;
  }

  generate(routes: RouteCollection): Document {
    const prefix = this.#options.pathPrefix ?? '/api';
    const exclude = new Set(this.#options.exclude ?? []);
    const paths: Record<string, Record<string, Document>> = {};
    let secured = false;
    for (const [name, route] of routes.all()) {
      if (exclude.has(name) || !(route.path === prefix || route.path.startsWith(`${prefix}/`))) continue;
      const operation = this.#operation(name, route);
      if (operation.security !== undefined) secured = true;
      const item = (paths[route.path] ??= {});
      for (const method of route.methods.length === 0 ? ['GET'] : route.methods) item[method.toLowerCase()] = operation;
    }
    const { title, version, description } = this.#options;
    return {
      openapi: '3.1.0',
      info: { title, version, ...(description !== undefined && { description }) },
      paths,
      components: {
        schemas: {
          Problem: {
            type: 'object',
            description: 'RFC 9457 problem details; a 422 adds `violations`.',
            properties: {
              type: { type: 'string' },
              title: { type: 'string' },
              status: { type: 'integer' },
              detail: { type: 'string' },
              violations: { type: 'array', items: { type: 'object', properties: { propertyPath: { type: 'string' }, title: { type: 'string' }, code: { type: 'string' } }, required: ['propertyPath', 'title'] } },
            },
            required: ['title', 'status'],
          },
        },
        ...(secured && { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'A token from `app:token:create <user>`, or a JWT.' } } }),
      },
    };
  }

  #operation(name: string, route: Route): Document {
    const controller = this.#controllerOf(route);
    const method = controller === undefined ? undefined : unwrappedFunction(controllerTarget(controller).fn);
    const doc = method === undefined ? undefined : operationDocOf(method);
    const mappings = controller === undefined ? [] : argumentMetadataFor(controller).flatMap((argument) => (argument.attributes ?? []).filter((a): a is PayloadMapping => a instanceof PayloadMapping));
    const parameters: Document[] = route.compile().pathVariables.map((variable) => ({
      name: variable,
      in: 'path',
      required: true,
      schema: { type: 'string', ...(route.requirements[variable] !== undefined && { pattern: `^(?:${route.requirements[variable]})$` }) },
    }));
    const responses: Record<string, Document> = {};
    for (const [status, response] of Object.entries(doc?.responses ?? { 200: { description: 'Success' } })) responses[status] = responseObject(response);
    const operation: Document = { operationId: name, ...(doc?.summary !== undefined && { summary: doc.summary }), ...(doc?.description !== undefined && { description: doc.description }), ...(doc?.tags !== undefined && { tags: [...doc.tags] }) };
    for (const mapping of mappings) {
      const schema = jsonSchemaOf(mapping.schema);
      if (mapping.source === 'query') {
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        const required = new Set((schema.required ?? []) as string[]);
        for (const [property, propertySchema] of Object.entries(properties)) parameters.push({ name: property, in: 'query', required: required.has(property), schema: propertySchema });
      } else {
        operation.requestBody = { required: true, content: Object.fromEntries(mediaTypes(mapping.acceptFormat).map((type) => [type, { schema }])) };
        responses['400'] ??= problemResponse('Malformed body');
        responses['415'] ??= problemResponse('Unsupported content type');
      }
      responses['422'] ??= problemResponse('Validation failed');
    }
    if (doc?.requestBody !== undefined) {
      const { contentType, description, schema } = doc.requestBody;
      operation.requestBody = { required: true, ...(description !== undefined && { description }), content: { [contentType]: { schema: schema ?? { type: 'string', contentMediaType: contentType } } } };
    }
    if (parameters.length > 0) operation.parameters = parameters;
    if (isGranted(controller, route)) {
      operation.security = [{ bearerAuth: [] }];
      responses['401'] ??= problemResponse('Missing or invalid access token');
      responses['403'] ??= problemResponse('Access denied');
    }
    operation.responses = responses;
    return operation;
  }
}

function responseObject(response: ResponseDoc): Document {
  const out: Document = { description: response.description };
  if (response.headers !== undefined) out.headers = Object.fromEntries(Object.entries(response.headers).map(([name, header]) => [name, { description: header.description, schema: { type: 'string' } }]));
  if (response.schema !== undefined) {
    const schema = isStandardSchema(response.schema) ? jsonSchemaOf(response.schema, 'output') : response.schema;
    out.content = { [response.contentType ?? 'application/json']: { schema } };
  }
  return out;
}

function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  return typeof value === 'object' && value !== null && '~standard' in value;
}

function mediaTypes(formats: readonly string[]): string[] {
  return formats.flatMap((format) => (format === 'json' ? ['application/json'] : format === 'form' ? ['application/x-www-form-urlencoded', 'multipart/form-data'] : []));
}

function isGranted(controller: Controller | undefined, route: Route): boolean {
  if (route.getDefault('_is_granted') !== undefined) return true;
  const metadata = controller === undefined ? undefined : controllerMetadata(controller);
  return metadata !== undefined && [...metadata.class, ...metadata.method].some((configuration) => configuration.alias === 'is_granted');
}
