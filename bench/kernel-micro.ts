/**
 * In-process cost of the kernel alone (no socket): requests handled and terminated in a
 * loop against the benchmark's app (the events app plus the peers' route table) in prod,
 * reported as µs per request (wall clock) and CPU µs per request (the whole process's,
 * threads included, after the work the requests left behind has finished). A synchronous handling is not awaited (as the server does
 * not await it), so the figure is the pipeline's own cost. Useful with
 * `perf record -g node --perf-basic-prof --import ./scripts/register-typescript.mjs bench/kernel-micro.ts [path] [count] [json body]`
 * (add `--no-turbo-inlining` to see each function's own share) to see where the
 * framework's time goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Request } from 'sluice';
import { isThenable } from 'sluice';
import type { Response } from 'sluice';
import { createBenchKernel } from './bench-kernel.ts';
import { benchEnvironment } from './environment.ts';

const path = process.argv[2] ?? '/';
const count = Number(process.argv[3] ?? 20000);
const environment = benchEnvironment;
// Outside prod the kernel stores profiles and writes dev.log: into a directory of this run's
// own, removed at the end, not into the developer's app/var.
const varDir = environment === 'prod' ? undefined : mkdtempSync(join(tmpdir(), 'sluice-kernel-micro-'));
const kernel = createBenchKernel(environment, varDir);
kernel.boot();

// A JSON body as the fourth argument makes the requests POSTs of it (the validation route).
const body = process.argv[4];

function request(): Request {
  if (body !== undefined) {
    return new Request({ method: 'POST', url: path, headers: { host: '127.0.0.1:8000', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), accept: 'application/json' }, body: Buffer.from(body), serverPort: 8000 });
  }
  return new Request({ method: 'GET', url: path, headers: { host: '127.0.0.1:8000', referer: `http://127.0.0.1:8000${path}`, accept: 'text/html' }, serverPort: 8000 });
}

/** One request; a promise only when its handling or terminate went asynchronous. */
function once(): number | Promise<number> {
  const req = request();
  const answer = kernel.respond(req);
  const finish = (response: Response): number | Promise<number> => {
    const terminated = kernel.terminate(req, response);
    return isThenable(terminated) ? Promise.resolve(terminated).then(() => response.statusCode) : response.statusCode;
  };
  return isThenable(answer) ? Promise.resolve(answer).then(finish) : finish(answer);
}

async function run(times: number): Promise<number> {
  let status = 0;
  for (let i = 0; i < times; i++) {
    const answer = once();
    status = typeof answer === 'number' ? answer : await answer;
  }
  return status;
}

await run(5000);
const cpuBefore = process.cpuUsage();
const start = performance.now();
const status = await run(count);
const elapsed = performance.now() - start;
// Work the requests left behind (profiles being stored, log writes) finishes first: the
// CPU figure is the whole process's, threads included, so it counts that work too.
await new Promise((resolve) => setTimeout(resolve, 500));
const cpu = process.cpuUsage(cpuBefore);
const perRequest = (microseconds: number): string => (microseconds / count).toFixed(2);
process.stdout.write(`${environment} ${body === undefined ? 'GET' : 'POST'} ${path} → ${status}: ${perRequest(elapsed * 1000)} µs per request, ${perRequest(cpu.user + cpu.system)} µs CPU (${count} requests)\n`);
await kernel.shutdown();
if (varDir !== undefined) rmSync(varDir, { recursive: true, force: true });
