import { runConsole } from '../../src/console/console-application.ts';
import { createKernel } from '../src/create-kernel.ts';

process.exitCode = await runConsole(process.argv.slice(2), (env) => createKernel(env));
