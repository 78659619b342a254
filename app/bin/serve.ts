import { envInteger, InvalidEnvValueError } from 'sluice';
import { parseTransport, serveKernel } from 'sluice/server';
import { createKernel } from '../src/create-kernel.ts';
import { isProductionProcess } from '../src/dev-bundles.ts';
import { appSettingsFor, debugByDefault } from '../config/config.ts';

// `npm start`: the app on http://127.0.0.1:8000 (HOST, PORT override; SLUICE_TRANSPORT=node
// serves through node:http instead of the framework's HTTP/1.1 server), from the environment
// or app/.env. In dev it is the console's `serve` with a strict port: restarts on changes,
// one line per request, compile errors as one line and a 500 page. A production process
// serves directly, without the console's modules.
const host = process.env.HOST ?? '127.0.0.1';
let port: number;
try {
  port = envInteger('PORT', { default: 8000, min: 0, max: 65535, unit: 'a TCP port' });
  // The application's own settings are checked here too, so a mistake is this one line in dev as well.
  const environment = process.env.APP_ENV ?? 'dev';
  appSettingsFor(environment);
  debugByDefault(environment);
} catch (error) {
  // A configuration mistake is one line naming the variable, not a stack trace.
  if (!(error instanceof InvalidEnvValueError)) throw error;
  process.stderr.write(` [ERROR] ${error.message}\n`);
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
  let kernel: ReturnType<typeof createKernel>;
  try {
    kernel = createKernel();
  } catch (error) {
    if (!(error instanceof InvalidEnvValueError)) throw error;
    process.stderr.write(` [ERROR] ${error.message}\n`);
    process.exit(1);
  }
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
