import { parseTransport, serveKernel } from 'sluice/server';
import { createBenchKernel } from '../bench-kernel.ts';
import { announce } from './announce.ts';

// Counted by callgrind (bench:instructions), where time runs some 50 times slower, the
// walk of public/ every 2 s would be counted per request in proportion to valgrind's
// slowness, not to the requests: BENCH_NO_TIMED_WORK turns it off there.
const staticFilesRefreshMs = process.env.BENCH_NO_TIMED_WORK === '1' ? 0 : undefined;
// SLUICE_TRANSPORT=node measures the same app over node:http (a diagnostic; the default is ours).
const running = await serveKernel(createBenchKernel(), { port: 0, staticFilesRefreshMs, transport: parseTransport(process.env.SLUICE_TRANSPORT) });
announce(running.address);
// Exit through process.exit so `--cpu-prof` can write its profile.
process.on('SIGTERM', () => void running.stop(100).finally(() => process.exit(0)));
