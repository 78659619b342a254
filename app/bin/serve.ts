import { parseTransport, serveKernel } from 'sluice/server';
import { createKernel } from '../src/create-kernel.ts';
import { instanceHeaders } from '../config/config.ts';

// `npm start`: the app on http://127.0.0.1:8000 (HOST, PORT override; SLUICE_TRANSPORT=node
// serves through node:http instead of the framework's HTTP/1.1 server), embedded defaults only.
const transport = parseTransport(process.env.SLUICE_TRANSPORT);
const kernel = createKernel();
const running = await serveKernel(kernel, { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 8000), transport, headers: instanceHeaders(kernel.environment) });
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
