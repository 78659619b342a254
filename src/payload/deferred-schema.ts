import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * A Standard Schema whose module is imported when it is first needed: a schema library
 * is loaded, and its schemas built, by the first request that validates with it (or the
 * first OpenAPI document), not at startup by every process that only declares the routes.
 * zod, for one, loads some hundred modules, every locale with them, and keeps their code
 * and their objects for as long as the process runs.
 */
export interface DeferredSchema<S extends StandardSchemaV1 = StandardSchemaV1> extends StandardSchemaV1 {
  /** Imports the schema (once) and answers it. */
  load(): Promise<S>;
  /** The schema once loaded, else undefined. */
  readonly loaded: S | undefined;
}

const deferred = new WeakSet<object>();
const pending = new Set<DeferredSchema>();

/**
 * A schema to give `@MapRequestPayload`, `@MapQueryString` or `@ApiOperation` in place of
 * the one `load` imports; typed as that schema, so `z.infer<typeof Schema>` still names
 * what the controller receives:
 *
 * ```ts
 * export const EventInput = deferredSchema(async () => (await import('./event-schemas.ts')).EventInput);
 * ```
 *
 * The first validation waits for the import; later ones are as synchronous as the
 * schema's own. The OpenAPI document loads every deferred schema before it is built
 * (`loadDeferredSchemas`).
 */
export function deferredSchema<S extends StandardSchemaV1>(load: () => Promise<S>): S {
  let loaded: S | undefined;
  let loading: Promise<S> | undefined;
  const schema: DeferredSchema<S> = {
    '~standard': {
      version: 1,
      vendor: 'sluice-deferred',
      validate(value) {
        if (loaded !== undefined) return loaded['~standard'].validate(value);
        return schema.load().then((each) => each['~standard'].validate(value));
      },
    },
    load() {
      loading ??= load().then((each) => {
        loaded = each;
        pending.delete(schema);
        return each;
      });
      return loading;
    },
    get loaded() {
      return loaded;
    },
  };
  deferred.add(schema);
  pending.add(schema);
  return schema as unknown as S;
}

/** Whether a schema was made by `deferredSchema`. */
export function isDeferredSchema(schema: unknown): schema is DeferredSchema {
  return typeof schema === 'object' && schema !== null && deferred.has(schema);
}

/**
 * Imports every deferred schema not loaded yet, for a document that describes them all;
 * undefined when there is none left to load, so a caller can stay synchronous.
 */
export function loadDeferredSchemas(): Promise<void> | undefined {
  if (pending.size === 0) return undefined;
  return Promise.all([...pending].map((schema) => schema.load())).then(() => undefined);
}
