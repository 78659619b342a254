// The project's TypeScript files, for the test runner (run-tests.mjs) and the build (build.mjs).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Folders that hold no source of the project: dependencies, runtime data, served files. */
const skipped = new Set(['node_modules', 'var', 'public']);

/** The .ts files under `dir` whose name `keep` accepts, in name order; none for a missing `dir`. */
export function typescriptFiles(dir, keep, out = []) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names.sort()) {
    if (skipped.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) typescriptFiles(path, keep, out);
    else if (name.endsWith('.ts') && keep(name)) out.push(path);
  }
  return out;
}
