// `node --import ./scripts/register-typescript.mjs file.ts`: runs the project's TypeScript
// directly, as `npm start`, the console, the tests and the benchmarks do.
import { register } from 'node:module';

process.setSourceMapsEnabled(true);
register('./typescript-hooks.mjs', import.meta.url);
