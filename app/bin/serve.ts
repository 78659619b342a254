import { parseTransport, serveKernel } from 'sluice/server';
import { createKernel } from '../src/create-kernel.ts';
import { isProductionProcess } from '../src/dev-bundles.ts';

// `npm start`: the app on http://127.0.0.1:8000 (HOST, PORT override; SLUICE_TRANSPORT=node
// serves through node:http instead of the framework's HTTP/1.1 server), embedded defaults
// only. In dev it is the console's `serve` with a strict port: restarts on changes, one
// line per request, compile errors as one line and a 500 page. A production process
// serves directly, without the console's modules.
const host = process.env.HOST ?? '127.0.0.1';
const portText = process.env.PORT ?? '8000';
const port = Number(portText);

if (portText.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`error: Invalid PORT "${portText}": expected a number from 0 to 65535.\n`);
  process.exit(1);
}

if (isProductionProcess()) await serveProduction();
else await serveDevelopment();

async function serveDevelopment(): Promise<void> {
  const { runConsole } = await import('sluice/console');
  // The supervisor starts this file again as its server child, with the console's arguments.
  const argv = process.argv.length > 2 ? process.argv.slice(2) : ['serve', '--strict-port', `--host=${host}`, `--port=${port}`];
  process.exitCode = await runConsole(argv, (env) => createKernel(env));
}

async function serveProduction(): Promise<void> {
  const transport = parseTransport(process.env.SLUICE_TRANSPORT);
  const kernel = createKernel();
  let running: Awaited<ReturnType<typeof serveKernel>>;
  try {
    running = await serveKernel(kernel, { host, port, transport });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason = code === 'EADDRINUSE' ? `Port ${port} on ${host} is already in use; choose another port.` : error instanceof Error ? error.message : String(error);
    process.stderr.write(`error: ${reason}\n`);
    await kernel.shutdown();
    process.exit(1);
  }
  process.stdout.write(` [OK] Sluice ${kernel.environment} server listening on ${running.url} (Ctrl-C to stop)\n`);
  if ((process.env.APP_SECRET ?? '') === '') {
    process.stderr.write(' [WARNING] APP_SECRET is not set: a random secret is used for this process, so CSRF tokens end with it. Set APP_SECRET when running several processes or across restarts.\n');
  }
  if ((process.env.TRUSTED_HOSTS ?? '').trim() === '') {
    process.stderr.write(' [WARNING] TRUSTED_HOSTS is not set: any Host header is accepted, and absolute URLs (redirects) are built from it. Set TRUSTED_HOSTS, e.g. \'^(localhost|example\\.com)$\'.\n');
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
}
