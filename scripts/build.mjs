// `npm run build`: the framework, the application and the benchmark's servers as plain
// JavaScript under dist/, so production runs without the TypeScript loader (see
// register-typescript.mjs). The loader is right for development, where files change; in
// production it is a second thread with its own heap, and every module's source crosses
// from it to the main thread, where V8 keeps it: a server started through it holds about
// 30 MB more resident memory than the same code compiled ahead (README, Performance).
//
// One output file per source file, in the same tree (dist/src/..., dist/app/...), so
// modules, class and function names stay exactly as written: bundling would rename
// clashing top-level names (two `Event` classes), and keeping names costs a `__name()`
// call on every closure a request creates. Each file keeps the meaning of its
// `import.meta.url` (the .ts file's own address: the application finds its templates and
// public files relative to it) and a linked source map: log lines and error pages name
// the .ts file and line (src/support/compiled-source.ts reads a map when an error's
// location is first needed), and so do all stack traces under --enable-source-maps.
//
// The framework's type declarations (dist/src/**/*.d.ts, for the published package) come
// from the TypeScript compiler (tsconfig.build.json), with their relative specifiers
// rewritten from .ts to .js as the JavaScript's are.
//
// Usage: node scripts/build.mjs [outDir] [--js-only]   (default: dist; --js-only skips the declarations)
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from 'esbuild';
import { init as lexerReady, parse as parseModule } from 'es-module-lexer';
import { transformOptions } from './typescript-hooks.mjs';
import { typescriptFiles } from './typescript-files.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourceDirs = ['src', 'app', 'bench'];

/** A module to compile: neither a test nor a declaration file. */
const isModule = (name) => !name.endsWith('.test.ts') && !name.endsWith('.d.ts');

const toPosix = (path) => path.split(sep).join('/');

// A relative import of a .ts module, as esbuild prints it ("./x.ts", '../y/z.ts').
const tsSpecifier = /(["'])(\.\.?\/[^"'\n]*?)\.ts\1/g;
// Same length as `import.meta.url`, so the source map's columns stay right.
const ownUrl = '__sourceUrl__()';

/**
 * JavaScript for one module. Relative `.ts` specifiers become `.js` (same length); each
 * `import.meta.url` becomes a call to a hoisted function appended after the code (so no
 * line above it moves) that answers the .ts file's address, relative to the output.
 * Both are found by a lexer, so the same text inside a string (the sources `sluice new`
 * writes) is left as it is.
 */
export async function compileModule(sourcePath, outPath) {
  // the .ts file as seen from the output: the map's source and import.meta.url's target
  const back = toPosix(relative(dirname(outPath), sourcePath));
  const result = await transform(await readFile(sourcePath, 'utf8'), transformOptions(back, 'external'));
  await lexerReady;
  const [imports] = parseModule(result.code);
  let code = result.code;
  let ownUrlUsed = false;
  // From the last to the first, so the positions still to edit stay right.
  for (const { n: specifier, s: start, e: end, d: kind } of [...imports].reverse()) {
    if (kind === -2) {
      if (code.startsWith('.url', end)) {
        code = code.slice(0, start) + ownUrl + code.slice(end + '.url'.length);
        ownUrlUsed = true;
      }
    } else if (specifier !== undefined && /^\.\.?\/.*\.ts$/.test(specifier)) {
      const at = code.lastIndexOf(specifier, end) + specifier.length - '.ts'.length;
      code = `${code.slice(0, at)}.js${code.slice(at + '.ts'.length)}`;
    }
  }
  if (ownUrlUsed) code += `function __sourceUrl__() {\n  return new URL(${JSON.stringify(back)}, import.meta.url).href;\n}\n`;
  return { code: `${code}//# sourceMappingURL=${basename(outPath)}.map\n`, map: result.map };
}

export async function build(outDir = join(root, 'dist')) {
  await rm(outDir, { recursive: true, force: true });
  const files = sourceDirs.flatMap((dir) => typescriptFiles(join(root, dir), isModule));
  await Promise.all(
    files.map(async (sourcePath) => {
      const outPath = join(outDir, relative(root, sourcePath)).replace(/\.ts$/, '.js');
      const { code, map } = await compileModule(sourcePath, outPath);
      await mkdir(dirname(outPath), { recursive: true });
      await Promise.all([writeFile(outPath, code), writeFile(`${outPath}.map`, map)]);
    }),
  );
  await writeFile(join(outDir, 'package.json'), `${JSON.stringify(await compiledPackage(), null, 2)}\n`);
  return files.length;
}

/**
 * The package.json of the output: ES modules, and the package's own name with its subpaths
 * mapped to the compiled framework beside it, so the compiled application's imports of
 * `sluice` and `sluice/*` (a self-reference) find this build, wherever it was written.
 */
async function compiledPackage() {
  const { name, exports } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  const compiled = {};
  for (const [subpath, target] of Object.entries(exports)) {
    if (typeof target === 'object' && target.default !== undefined) compiled[subpath] = target.default.replace(/^\.\/dist\//, './');
  }
  return { name, type: 'module', exports: compiled };
}

/**
 * The declarations of src/ under `outDir`/src, from the compiler. Their imports of
 * sibling modules name the .js files the package ships.
 */
export async function buildDeclarations(outDir = join(root, 'dist')) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', outDir], { cwd: root, stdio: 'inherit' });
  const declarations = (await readdir(join(outDir, 'src'), { recursive: true })).filter((name) => name.endsWith('.d.ts'));
  await Promise.all(
    declarations.map(async (name) => {
      const path = join(outDir, 'src', name);
      const text = await readFile(path, 'utf8');
      const rewritten = text.replace(tsSpecifier, (_, quote, specifier) => `${quote}${specifier}.js${quote}`);
      if (rewritten !== text) await writeFile(path, rewritten);
    }),
  );
  return declarations.length;
}

/**
 * The application's Twig templates parsed ahead into the prod cache directory (under
 * APP_VAR_DIR, else app/var, as the app's kernel finds it), so a production process
 * renders them without parsing (src/templating/twig/precompiled-templates.ts). Done by the
 * command, not by build(): tests that build into a directory of their own leave app/var alone.
 */
async function precompileAppTemplates(outDir) {
  // The framework packed on its own (npm pack, prepack) carries no application to parse.
  if (!existsSync(join(root, 'app'))) return 0;
  const compiled = pathToFileURL(join(outDir, 'src', 'templating', 'twig', 'precompiled-templates.js')).href;
  const { precompileTwigTemplates, precompiledTemplatesFile } = await import(compiled);
  const projectDir = join(root, 'app');
  const varDir = process.env.APP_VAR_DIR || join(projectDir, 'var');
  const { written, failed } = precompileTwigTemplates(projectDir, precompiledTemplatesFile(join(varDir, 'cache', 'prod')));
  for (const name of failed) process.stderr.write(`Template ${name} does not parse: left to run time, which reports where.\n`);
  return written.length;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const jsOnly = args.includes('--js-only');
  const dir = args.find((arg) => !arg.startsWith('--'));
  const outDir = dir === undefined ? join(root, 'dist') : join(process.cwd(), dir);
  const started = performance.now();
  const count = await build(outDir);
  const declarations = jsOnly ? 0 : await buildDeclarations(outDir);
  const templates = await precompileAppTemplates(outDir);
  const what = jsOnly ? `${count} modules` : `${count} modules and ${declarations} declaration files`;
  process.stdout.write(`Compiled ${what} to ${relative(process.cwd(), outDir) || '.'} and parsed ${templates} templates ahead in ${Math.round(performance.now() - started)} ms\n`);
}
