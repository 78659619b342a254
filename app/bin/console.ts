import { runConsole } from 'sluice/console';
import { createKernel } from '../src/create-kernel.ts';
import { loadDevBundles } from '../src/dev-bundles.ts';

// `--env=dev` may build a debug kernel even in a process started with APP_ENV=prod.
await loadDevBundles();
// the console prints what it was asked for on stdout: prod's logs go to their file instead
process.env.APP_LOG_FORMAT ??= 'file';
process.exitCode = await runConsole(process.argv.slice(2), (env) => createKernel(env));
