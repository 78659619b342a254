import { access, constants } from 'node:fs/promises';
import type { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';

/** One dependency of a ready instance: resolves when it works, throws or rejects when not. */
export type HealthCheck = () => unknown;

export interface HealthReport {
  readonly status: 'ok' | 'fail';
  readonly checks: Readonly<Record<string, { status: 'ok' | 'fail'; error?: string }>>;
}

/** Paths a load balancer or orchestrator probes. */
export const HEALTH_PATHS = { live: '/_health/live', ready: '/_health/ready' } as const;

/**
 * Liveness and readiness for probes. `live` says the process answers; `ready` runs every
 * registered check (the database, Redis, a writable directory...) at once, each bounded by
 * a timeout, and answers 200 when all pass, 503 naming the ones that failed otherwise.
 * The kernel answers both before its events (Kernel.directRoutes): a probe every few
 * seconds is neither logged nor profiled.
 */
export class HealthChecks {
  readonly #checks = new Map<string, HealthCheck>();
  readonly #timeoutMs: number;
  readonly #showErrors: boolean;

  /** @param showErrors whether a failure's message is in the body (debug); prod says only which check failed */
  constructor(options: { timeoutMs?: number; showErrors?: boolean } = {}) {
    this.#timeoutMs = options.timeoutMs ?? 1000;
    this.#showErrors = options.showErrors ?? false;
  }

  add(name: string, check: HealthCheck): this {
    this.#checks.set(name, check);
    return this;
  }

  get names(): string[] {
    return [...this.#checks.keys()];
  }

  async run(): Promise<HealthReport> {
    const entries = await Promise.all([...this.#checks].map(async ([name, check]) => [name, await this.#runOne(check)] as const));
    const checks = Object.fromEntries(entries);
    return { status: entries.every(([, result]) => result.status === 'ok') ? 'ok' : 'fail', checks };
  }

  live(): Response {
    return json(200, { status: 'ok' });
  }

  async ready(_request?: Request): Promise<Response> {
    const report = await this.run();
    return json(report.status === 'ok' ? 200 : 503, report);
  }

  async #runOne(check: HealthCheck): Promise<{ status: 'ok' | 'fail'; error?: string }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.#timeoutMs} ms`)), this.#timeoutMs);
    });
    try {
      await Promise.race([Promise.resolve().then(check), timeout]);
      return { status: 'ok' };
    } catch (error) {
      return this.#showErrors ? { status: 'fail', error: error instanceof Error ? error.message : String(error) } : { status: 'fail' };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A check that `dir` exists and this process may write into it. */
export function writableDirectory(dir: string): HealthCheck {
  return () => access(dir, constants.W_OK);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
}
