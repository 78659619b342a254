import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { Connection } from '../persistence/connection.ts';
import type { EntityMetadata } from '../persistence/entity-metadata.ts';
import type { Repository } from '../persistence/repository.ts';
import { isThenable } from '../event-dispatcher/listener.ts';

/**
 * A repository whose every method call is a client span (`findOneBy events`), child of the
 * active span (the controller's): each call is one query to the database, SQLite included,
 * which no OpenTelemetry instrumentation covers. Methods run on the repository itself, so
 * its private fields keep working.
 */
export function tracedRepository<T>(repository: Repository<T>, metadata: EntityMetadata<unknown>, connection: Connection, tracer: Tracer): Repository<T> {
  const system = /postgres/i.test(connection.constructor.name) ? 'postgresql' : /sqlite/i.test(connection.constructor.name) ? 'sqlite' : 'other_sql';
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(repository, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string' || property === 'constructor') return value;
      let traced = wrapped.get(property);
      if (traced === undefined) {
        const name = `${property} ${metadata.table}`;
        const attributes = { 'db.system.name': system, 'db.collection.name': metadata.table, 'db.operation.name': property };
        traced = (...args: unknown[]): unknown => {
          const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes });
          const failed = (error: unknown): never => {
            span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
            span.end();
            throw error;
          };
          let result: unknown;
          try {
            result = context.with(trace.setSpan(context.active(), span), () => (value as (...given: unknown[]) => unknown).apply(target, args));
          } catch (error) {
            return failed(error);
          }
          if (!isThenable(result)) {
            span.end();
            return result;
          }
          return result.then((done) => {
            span.end();
            return done;
          }, failed);
        };
        wrapped.set(property, traced);
      }
      return traced;
    },
  });
}
