// Runs node:test through the project's TypeScript loader over an explicit list of test files.
// Node 20 does not discover .ts test files by itself, so the list is built here and
// passed on; an empty list is a failure, never a silent green run.
import { spawnSync } from 'node:child_process';
import { typescriptFiles } from './typescript-files.mjs';

const roots = ['src', 'app', 'scripts', 'deploy', 'bench'];

const filter = process.argv.slice(2);
let files = roots.flatMap((root) => typescriptFiles(root, (name) => name.endsWith('.test.ts')));
if (filter.length > 0) files = files.filter((file) => filter.some((f) => file.includes(f)));
if (files.length === 0) {
  console.error('run-tests: no test files found' + (filter.length ? ` matching ${filter.join(', ')}` : ''));
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  ['--import', './scripts/register-typescript.mjs', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, SLUICE_TEST: '1' } },
);
process.exit(result.status ?? 1);
