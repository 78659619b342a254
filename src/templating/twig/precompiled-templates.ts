import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { createTwig, type TwigCore, type TwigOptions } from './twig-runtime.ts';

/**
 * twig.js's parsed form of a template file, when one was made ahead from exactly this
 * source (`TwigEngine`'s `precompiled` option); undefined sends the engine to the parser.
 */
export type PrecompiledLookup = (path: string, source: string) => unknown[] | undefined;

interface PrecompiledFile {
  /** The twig.js version that parsed them: another version's tokens may not mean the same. */
  twig: string;
  /** By path relative to the project directory. */
  templates: Record<string, { sha256: string; tokens: unknown[] }>;
}

/** Directories of a project that hold no templates of its own. */
const SKIPPED_DIRS = new Set(['node_modules', 'var', 'public', 'dist']);
const PARSE_OPTIONS: TwigOptions = { strictVariables: false, autoescape: 'html', allowInlineIncludes: false, rethrow: true, namespaces: undefined };

/** Where `npm run build` writes the application's templates parsed ahead, in an environment's cache directory. */
export function precompiledTemplatesFile(cacheDir: string): string {
  return join(cacheDir, 'twig', 'templates.json');
}

const twigVersion = (createRequire(import.meta.url)('twig/package.json') as { version: string }).version;
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Parses every `*.twig` file under `projectDir` with twig.js, as the engine would, and
 * writes the tokens to `outFile` (`npm run build` does, into the prod cache directory), so
 * a production process reads templates without parsing them. A template twig.js cannot
 * parse is left out: the engine parses it at run time and reports the error with its
 * location, as without a build. Answers the paths written and those left out.
 */
export function precompileTwigTemplates(projectDir: string, outFile: string): { written: string[]; failed: string[] } {
  let core!: TwigCore;
  createTwig().extend((twig) => {
    core = twig;
  });
  const file: PrecompiledFile = { twig: twigVersion, templates: {} };
  const failed: string[] = [];
  for (const path of twigFiles(projectDir)) {
    const key = relative(projectDir, path).split(sep).join('/');
    const source = readFileSync(path, 'utf8');
    try {
      const template = core.Templates.parsers.twig({ data: source, id: undefined, name: key, method: 'precompile', options: PARSE_OPTIONS });
      file.templates[key] = { sha256: sha256(source), tokens: template.tokens };
    } catch {
      failed.push(key);
    }
  }
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify(file));
  return { written: Object.keys(file.templates), failed };
}

/**
 * The lookup over a file `precompileTwigTemplates` wrote; undefined when there is none or
 * another twig.js version wrote it. A template whose source changed since is not found
 * in it (its hash differs), so a stale build never renders an old template.
 */
export function readPrecompiledTemplates(file: string, projectDir: string): PrecompiledLookup | undefined {
  let data: PrecompiledFile;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as PrecompiledFile;
  } catch {
    return undefined;
  }
  if (data.twig !== twigVersion || typeof data.templates !== 'object' || data.templates === null) return undefined;
  return (path, source) => {
    const entry = data.templates[relative(projectDir, path).split(sep).join('/')];
    return entry !== undefined && entry.sha256 === sha256(source) ? entry.tokens : undefined;
  };
}

function twigFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.') ? [] : twigFiles(path);
    return entry.isFile() && entry.name.endsWith('.twig') ? [path] : [];
  });
}
