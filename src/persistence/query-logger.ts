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

/**
 * Hears of every statement a connection runs (the profiler's database collector).
 * `start` is called when the statement is sent, in the async context of whoever sent it,
 * and returns the function that reports its end: that lets a listener attribute a query
 * to the request that made it even when the answer arrives later.
 */
export interface QueryLogger {
  start(sql: string, params: readonly unknown[], driver: ExecutedQuery['driver']): (error?: unknown) => void;
}

/**
 * Times a synchronous driver call (better-sqlite3) for `logger`, or just makes it when
 * there is no logger.
 */
export function timedSync<R>(logger: QueryLogger | undefined, sql: string, params: readonly unknown[], call: () => R): R {
  if (logger === undefined) return call();
  const end = logger.start(sql, params, 'sqlite');
  try {
    const result = call();
    end();
    return result;
  } catch (error) {
    end(error);
    throw error;
  }
}
