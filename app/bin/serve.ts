import { envInteger, InvalidEnvValueError } from 'sluice';
import { parseTransport, serveKernel } from 'sluice/server';
import { createKernel } from '../src/create-kernel.ts';

// `npm start`: the app on http://127.0.0.1:8000 (HOST, PORT override; SLUICE_TRANSPORT=node
// serves through node:http instead of the framework's HTTP/1.1 server), from the environment or app/.env.
const transport = parseTransport(process.env.SLUICE_TRANSPORT);
let kernel: ReturnType<typeof createKernel>;
let port: number;
try {
  kernel = createKernel();
  port = envInteger('PORT', { default: 8000, min: 0, max: 65535, unit: 'a TCP port' });
} catch (error) {
  // A configuration mistake is one line naming the variable, not a stack trace.
  if (!(error instanceof InvalidEnvValueError)) throw error;
  process.stderr.write(` [ERROR] ${error.message}\n`);
  process.exit(1);
}
const running = await serveKernel(kernel, { host: process.env.HOST ?? '127.0.0.1', port, transport });
process.stdout.write(` [OK] Sluice ${kernel.environment} server listening on ${running.url} (Ctrl-C to stop)\n`);
if (kernel.environment === 'prod' && (process.env.APP_SECRET ?? '') === '') {
  process.stderr.write(' [WARNING] APP_SECRET is not set: a random secret is used for this process, so CSRF tokens end with it. Set APP_SECRET when running several processes or across restarts.\n');
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stdout.write('\n Stopping: letting in-flight requests finish...\n');
    void running.stop().then(() => process.exit(0));
  });
}
