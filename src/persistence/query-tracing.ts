import { AsyncResource } from 'node:async_hooks';
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { timedSync, type QueryLogger, type QueryTarget } from './query-logger.ts';

/**
 * Reports what an SQLite database runs to the logger `current()` gives at the time:
 * statements prepared from now on (their run, get and all) and exec. Installed once, when
 * a connection first gets a logger, so a connection that never has one (prod) runs the
 * driver's own methods with nothing in between.
 */
export function traceSqlite(db: BetterSqlite3.Database, current: () => QueryLogger | undefined): void {
  const prepare = db.prepare.bind(db);
  const exec = db.exec.bind(db);
  const target: QueryTarget = { namespace: db.name };
  db.prepare = ((sql: string) => traceStatement(prepare(sql), sql, target, current)) as typeof db.prepare;
  db.exec = (sql: string) => timedSync(current(), target, sql, [], () => exec(sql));
}

function traceStatement(statement: BetterSqlite3.Statement, sql: string, target: QueryTarget, current: () => QueryLogger | undefined): BetterSqlite3.Statement {
  for (const method of ['run', 'get', 'all'] as const) {
    const original = statement[method] as (...params: unknown[]) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => timedSync(current(), target, sql, params, () => original.apply(statement, params));
  }
  return statement;
}

type Query = (...args: unknown[]) => unknown;

/**
 * The same for a PostgreSQL pool: each client it connects from now on reports its queries
 * (a pool's own `query` goes through a client's, so this sees both). A query's end is its
 * callback or its promise, whichever the caller used.
 *
 * A query that waited for a free client is sent from the callback the pool calls when
 * another query releases one, in that other query's async context; binding the callback
 * to its caller's context makes `start` hear of each query in the context of whoever sent
 * it (a promise's continuation already is).
 */
export function tracePostgres(pool: pg.Pool, current: () => QueryLogger | undefined): void {
  const connect = pool.connect as unknown as Query;
  (pool as unknown as { connect: Query }).connect = function boundConnect(this: unknown, ...args: unknown[]): unknown {
    if (typeof args[0] === 'function') args[0] = AsyncResource.bind(args[0] as Query);
    return connect.apply(this, args);
  };
  pool.on('connect', (client) => {
    const query = client.query as unknown as Query;
    const target: QueryTarget = { namespace: client.database ?? '', ...(client.host !== undefined && { serverAddress: client.host }), ...(client.port !== undefined && { serverPort: client.port }) };
    (client as unknown as { query: Query }).query = function tracedQuery(this: unknown, ...args: unknown[]): unknown {
      const logger = current();
      if (logger === undefined) return query.apply(this, args);
      const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown];
      const sql = typeof config === 'string' ? config : config.text ?? '';
      const params = Array.isArray(values) ? values : typeof config === 'string' ? [] : config.values ?? [];
      const end = logger.start(sql, params, 'postgresql', target);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (error: Error | null, result: unknown) => {
          end(error ?? undefined);
          callback(error, result);
        };
        return query.apply(this, args);
      }
      const result = query.apply(this, args);
      if (result instanceof Promise) result.then(() => end(), (error: unknown) => end(error));
      return result;
    };
  });
}
