import autocannon, { type Options } from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** One autocannon run against `url` for `seconds`; resolves with the mean req/s and p99 latency (ms). */
export function load(url: string, seconds: number, headers: Record<string, string> = {}, connections = 50, request: { method?: string; body?: string } = {}): Promise<LoadResult> {
  return run({ url, connections, duration: seconds, headers, pipelining: 1, ...(request.method !== undefined && { method: request.method }), ...(request.body !== undefined && { body: request.body }) });
}

/** Sends `amount` requests to `url` over `connections` connections; resolves once all are answered. */
export function send(url: string, amount: number, headers: Record<string, string> = {}, connections = 50, request: { method?: string; body?: string } = {}): Promise<LoadResult> {
  return run({ url, connections, amount, headers, pipelining: 1, ...(request.method !== undefined && { method: request.method }), ...(request.body !== undefined && { body: request.body }) });
}

function run(options: Options): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ requestsPerSecond: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx });
    });
  });
}
