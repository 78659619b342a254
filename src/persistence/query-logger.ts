/** A statement the database ran, as a query logger hears of it. */
export interface ExecutedQuery {
  readonly sql: string;
  readonly params: readonly unknown[];
  /** From the driver call to its answer. */
  readonly durationMs: number;
  readonly driver: 'sqlite' | 'postgresql';
  /** The driver's message when the statement failed. */
  readonly error?: string;
}

/** Where a statement runs, for tracing: the database, and the server of a networked one. */
export interface QueryTarget {
  /** The database's name (PostgreSQL) or file (SQLite). */
  readonly namespace: string;
  readonly serverAddress?: string;
  readonly serverPort?: number;
}

/**
 * Hears of every statement a connection runs (the profiler's database collector, the
 * OpenTelemetry bundle's statement spans).
 * `start` is called when the statement is sent, in the async context of whoever sent it,
 * and returns the function that reports its end: that lets a listener attribute a query
 * to the request that made it even when the answer arrives later.
 */
export interface QueryLogger {
  start(sql: string, params: readonly unknown[], driver: ExecutedQuery['driver'], target: QueryTarget): (error?: unknown) => void;
}

/**
 * Times a synchronous driver call (better-sqlite3) for `logger`, or just makes it when
 * there is no logger.
 */
export function timedSync<R>(logger: QueryLogger | undefined, target: QueryTarget, sql: string, params: readonly unknown[], call: () => R): R {
  if (logger === undefined) return call();
  const end = logger.start(sql, params, 'sqlite', target);
  try {
    const result = call();
    end();
    return result;
  } catch (error) {
    end(error);
    throw error;
  }
}
