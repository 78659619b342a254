import type pg from 'pg';
import { loadDriver } from '../kernel/optional-driver.ts';
import { ServiceUnavailableHttpException } from '../exception/service-unavailable-http-exception.ts';

export interface PostgresPoolOptions {
  connectionString?: string;
  max: number;
  /** How long reaching the server (its TCP connection) may take before it fails (an unreachable server). */
  connectTimeoutMs: number;
  /** How long a query may wait for a free connection of a busy pool, and a reached server's startup of a new connection. */
  queueTimeoutMs: number;
}

/** The part of pg's Connection a client's connect timeout reaches. */
interface PgConnection {
  stream: { destroy(error: Error): void };
  _ending: boolean;
  once(event: 'connect' | 'end', listener: () => void): PgConnection;
}

/** Seconds a client is asked to wait before retrying when the database cannot be reached. */
const RETRY_AFTER = 5;

/**
 * Whether `error` says the database could not be reached or could not take the work, rather
 * than that a statement was wrong: no connection (refused, unresolved, timed out, cut), or
 * an SQLSTATE of class 08 (connection exception), 53 (insufficient resources, such as too
 * many connections) or 57P (the server shutting down or restarting).
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== undefined) {
    if (['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE'].includes(code)) return true;
    if (/^(08|53)[0-9A-Z]{3}$|^57P0[1-4]$/.test(code)) return true;
  }
  return /timeout exceeded when trying to connect|timeout expired|Connection terminated|Client has encountered a connection error/.test(error.message);
}

function unavailable(error: unknown): never {
  if (isUnavailable(error)) throw new ServiceUnavailableHttpException(RETRY_AFTER, `The database (PostgreSQL) is unreachable: ${(error as Error).message}`, { cause: error });
  throw error;
}

/**
 * A pg pool that tells an outage from a busy pool, and says so as a 503.
 *
 * pg applies one `connectionTimeoutMillis` both to opening a connection and to waiting for
 * a free one. A short one makes an unreachable server fail fast, but also fails requests
 * that merely queue behind others on a loaded machine, which are slow, not broken; a long
 * one hangs every request of an outage. So the pool's timeout is the queue's, and each
 * client gets the short connect timeout for reaching the server only: once its TCP
 * connection is up the server is there, and its startup of a new backend (a process
 * forked, the login checked) may take as long as a wait in the queue, which on a loaded
 * machine, at a cold start under load, is more than the connect timeout. Failures to reach
 * the server become a ServiceUnavailableHttpException (503 with Retry-After), as the Redis
 * stores' do; SQL errors go on unchanged.
 */
export function createPostgresPool(options: PostgresPoolOptions): pg.Pool {
  const driver = loadDriver<typeof pg>('pg');
  const { connectTimeoutMs, queueTimeoutMs } = options;
  class FastConnectClient extends driver.Client {
    constructor(config: pg.ClientConfig = {}) {
      super({ ...config, connectionTimeoutMillis: queueTimeoutMs });
    }

    override connect(...args: unknown[]): never {
      // pg's Connection (not in its types) emits 'connect' once its socket is connected;
      // until then the server is not reached, and past the connect timeout it is given up
      // as pg gives up on its own timeout.
      const connection = (this as unknown as { connection: PgConnection }).connection;
      const unreached = setTimeout(() => {
        connection._ending = true;
        connection.stream.destroy(new Error('timeout expired'));
      }, connectTimeoutMs);
      unreached.unref();
      const reached = (): void => clearTimeout(unreached);
      connection.once('connect', reached).once('end', reached);
      return (super.connect as (...each: unknown[]) => unknown)(...args) as never;
    }
  }
  class ReportingPool extends driver.Pool {
    // pg's overloads (callbacks, query objects) all end here; only a promise is mapped, as
    // every caller of this project awaits one.
    override query(...args: unknown[]): never {
      const result = (super.query as (...each: unknown[]) => unknown)(...args);
      return (result instanceof Promise ? result.catch(unavailable) : result) as never;
    }

    override connect(...args: unknown[]): never {
      const result = (super.connect as (...each: unknown[]) => unknown)(...args);
      return (result instanceof Promise ? result.catch(unavailable) : result) as never;
    }
  }
  return new ReportingPool({
    ...(options.connectionString !== undefined && { connectionString: options.connectionString }),
    max: options.max,
    connectionTimeoutMillis: options.queueTimeoutMs,
    Client: FastConnectClient,
  });
}
