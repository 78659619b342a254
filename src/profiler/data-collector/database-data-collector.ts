import type { ExecutedQuery, QueryLogger } from '../../persistence/query-logger.ts';
import { toJsonSafe, type NormalizedValue } from '../../log/normalize.ts';
import type { CollectContext, DataCollector, LateCollectContext } from './data-collector.ts';

export interface QueryData {
  readonly sql: string;
  /** JSON-safe; binary values as `<binary N bytes>`. */
  readonly params: readonly NormalizedValue[];
  /** Undefined while the query had not answered when the data was taken. */
  readonly durationMs: number | undefined;
  readonly driver: ExecutedQuery['driver'];
  readonly error?: string;
}

export interface DatabaseData {
  /** In the order they were sent; for a main request, its sub-requests' too. At most MAX_QUERIES. */
  readonly queries: readonly QueryData[];
  /** Every query sent, kept or not. */
  readonly count: number;
  /** The sum of the durations of the queries that answered. */
  readonly totalMs: number;
  readonly errors: number;
}

/** What the collector needs of the request stack: which request a query is made for. */
export interface CurrentRequest {
  getCurrentRequest(): object | undefined;
}

/** A loop of lookups must not fill the profile: past this many, queries are counted, not kept. */
export const MAX_QUERIES = 500;

interface Recorded {
  queries: { -readonly [K in keyof QueryData]: QueryData[K] }[];
  count: number;
}

/**
 * The database panel: each statement a request made through the entity manager's
 * connection (SQLite or PostgreSQL), with its parameters and duration. It is the
 * connection's query logger (`persistence.query_logger`): a query belongs to the request
 * current where it was sent, found through the request stack, so concurrent requests keep
 * their own; queries made outside any request (boot, commands) are not kept.
 */
export class DatabaseDataCollector implements DataCollector, QueryLogger {
  readonly name = 'db';
  readonly #requests: CurrentRequest;
  readonly #recorded = new WeakMap<object, Recorded>();

  constructor(requests: CurrentRequest) {
    this.#requests = requests;
  }

  start(sql: string, params: readonly unknown[], driver: ExecutedQuery['driver']): (error?: unknown) => void {
    const request = this.#requests.getCurrentRequest();
    if (request === undefined) return ignore;
    let recorded = this.#recorded.get(request);
    if (recorded === undefined) this.#recorded.set(request, (recorded = { queries: [], count: 0 }));
    recorded.count++;
    if (recorded.queries.length >= MAX_QUERIES) return ignore;
    const query: Recorded['queries'][number] = { sql, params: params.map(safeParam), durationMs: undefined, driver };
    recorded.queries.push(query);
    const started = performance.now();
    return (error) => {
      query.durationMs = performance.now() - started;
      if (error !== undefined) query.error = error instanceof Error ? error.message : String(error);
    };
  }

  collect({ request }: CollectContext): DatabaseData {
    return summary([request], this.#recorded);
  }

  lateCollect({ request, tree, isMain }: LateCollectContext): DatabaseData {
    return summary(isMain ? tree.map((each) => each.request) : [request], this.#recorded);
  }
}

function ignore(): void {}

function summary(requests: readonly object[], recorded: WeakMap<object, Recorded>): DatabaseData {
  const each = requests.map((request) => recorded.get(request)).filter((entry) => entry !== undefined);
  const queries = each.flatMap((entry) => entry.queries.map((query) => ({ ...query })));
  return {
    queries,
    count: each.reduce((sum, entry) => sum + entry.count, 0),
    totalMs: queries.reduce((sum, query) => sum + (query.durationMs ?? 0), 0),
    errors: queries.filter((query) => query.error !== undefined).length,
  };
}

/** A parameter as the panel shows it: a picture's bytes are a size, not a long list of numbers. */
function safeParam(value: unknown): NormalizedValue {
  if (value instanceof Uint8Array) return `<binary ${value.byteLength} bytes>`;
  if (value instanceof Date) return value.toISOString();
  return toJsonSafe(value);
}
