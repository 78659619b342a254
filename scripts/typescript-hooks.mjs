// Module hooks that let Node run the project's TypeScript as it is (see register-typescript.mjs).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const { compilerOptions } = JSON.parse(readFileSync(fileURLToPath(new URL('../tsconfig.json', import.meta.url)), 'utf8'));
const target = `node${process.versions.node.split('.')[0]}`;

/**
 * Imports of `sluice` and `sluice/*` resolve to the framework's TypeScript sources
 * (package.json's `sluice-source` condition) when this loader runs from the repository:
 * its own application, tests and benchmarks use the sources as they are. Installed as a
 * package (under node_modules), the loader only compiles the application's own files, and
 * the framework is its compiled JavaScript (the `default` condition), as plain `node` gets
 * it: modules under node_modules are never transformed here.
 */
export async function resolve(specifier, context, nextResolve) {
  if (INSTALLED) return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, SOURCE_CONDITION] });
}

const SOURCE_CONDITION = 'sluice-source';
const INSTALLED = import.meta.url.includes('/node_modules/');

/**
 * A `.ts` module outside node_modules is stripped of its types by esbuild, one file at a
 * time, with the project's class-field semantics and an inline source map (stack traces
 * name the .ts lines). The map carries mappings only, not the sources' text: Node parses
 * and keeps every module's map, and with the text it held a second copy of the whole
 * code base (about 14 MB of the server's resident memory).
 *
 * Unlike tsx, names are not "kept": tsx wraps every function expression in a `__name()`
 * call that redefines the function's `name`. Done for each closure a request creates, that
 * kept V8 re-optimizing the kernel's event constructors in a loop and made a request about
 * twice as slow. Transforming without minification keeps every declared name anyway.
 */
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts') || url.includes('/node_modules/')) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const result = await transform(await readFile(path, 'utf8'), transformOptions(path, 'inline'));
  return { format: 'module', source: result.code, shortCircuit: true };
}

/**
 * How a .ts module becomes JavaScript, here and in `npm run build` (scripts/build.mjs):
 * types stripped, the project's class-field semantics, a source map naming `sourcefile`
 * without the sources' text.
 */
export function transformOptions(sourcefile, sourcemap) {
  return { loader: 'ts', format: 'esm', target, sourcefile, sourcemap, sourcesContent: false, tsconfigRaw: { compilerOptions } };
}
