/**
 * In-process cost of the kernel alone (no socket): requests handled and terminated in a
 * loop against the benchmark's app (the events app plus the peers' route table) in prod,
 * reported as µs per request. Useful with
 * `node --cpu-prof --import ./scripts/register-typescript.mjs bench/kernel-micro.ts [path] [count]`
 * to see where the framework's own time goes.
 */
import { performance } from 'node:perf_hooks';
import { Request } from '../src/http/request.ts';
import { createBenchKernel } from './bench-kernel.ts';

const path = process.argv[2] ?? '/';
const count = Number(process.argv[3] ?? 20000);
const environment = process.env.APP_ENV ?? 'prod';
const kernel = createBenchKernel(environment);
kernel.boot();

async function once(): Promise<number> {
  const request = new Request({ method: 'GET', url: path, headers: { host: '127.0.0.1:8000', referer: `http://127.0.0.1:8000${path}`, accept: 'text/html' }, serverPort: 8000 });
  const response = await kernel.handle(request);
  await kernel.terminate(request, response);
  return response.statusCode;
}

for (let i = 0; i < 2000; i++) await once();
const start = performance.now();
let status = 0;
for (let i = 0; i < count; i++) status = await once();
const elapsed = performance.now() - start;
process.stdout.write(`${environment} GET ${path} → ${status}: ${((elapsed * 1000) / count).toFixed(1)} µs per request (${count} requests)\n`);
await kernel.shutdown();
