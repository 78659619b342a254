#!/usr/bin/env node
// The `sluice` command (`sluice new my-app`). Installed as a package, it runs the
// compiled JavaScript under dist/ with plain node; in the repository, where dist/ may be
// missing or older than the sources, it runs the TypeScript through the loader.
import { existsSync } from 'node:fs';
import { sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const compiled = new URL('../dist/src/scaffold/sluice-cli.js', import.meta.url);
const installed = fileURLToPath(import.meta.url).includes(`${sep}node_modules${sep}`) && existsSync(compiled);
if (!installed) await import('../scripts/register-typescript.mjs');
const { runSluiceCli } = await import(installed ? compiled.href : '../src/scaffold/sluice-cli.ts');
process.exitCode = await runSluiceCli(process.argv.slice(2));
