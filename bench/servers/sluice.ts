import { serveKernel } from '../../src/server/serve-kernel.ts';
import { createBenchKernel } from '../bench-kernel.ts';
import { announce } from './announce.ts';

const running = await serveKernel(createBenchKernel(), { port: 0 });
announce(running.address);
// Exit through process.exit so `--cpu-prof` can write its profile.
process.on('SIGTERM', () => void running.stop(100).finally(() => process.exit(0)));
