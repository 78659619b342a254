import { fileURLToPath } from 'node:url';

/** Node arguments that run a TypeScript file of this project in a child process (tests, benchmark servers), as `npm start` does. */
export const typescriptImport: readonly string[] = ['--import', fileURLToPath(new URL('../../scripts/register-typescript.mjs', import.meta.url))];
