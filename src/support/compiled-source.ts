import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BoundedCache } from './bounded-cache.ts';

export interface SourcePosition {
  /** Absolute path of the source file. */
  readonly file: string;
  /** 1-based, as stack traces count. */
  readonly line: number;
  readonly column: number;
}

// Compiled modules are a fixed set (dist/): a map per file, read once; `null` for none.
const maps = new BoundedCache<string, SourceMap | null>(2000);

// A frame's position never changes while the process runs (its code and map are the ones
// loaded), and the same frames come back with every error thrown from the same place: a
// debug 404 turned some twenty frames into positions, for its page, its profile and its log
// line, each time through URL parsing, path resolution and a map lookup. `null`: no file.
const positions = new BoundedCache<string, SourcePosition | null>(10_000);

/**
 * Where a position in compiled JavaScript (`npm run build`, dist/) comes from in its .ts
 * source, read from the source map beside the file when first asked. A production
 * server can then run without `--enable-source-maps`, which reads and keeps every
 * module's map at startup (memory held for as long as the server runs), and its log lines
 * still name the .ts file and line: they are worked out only when an entry is written.
 * Undefined for a file without a map beside it (a .ts file run through the loader, whose
 * positions are already the source's, or Node's own files).
 */
export function originalPosition(file: string, line: number, column: number): SourcePosition | undefined {
  if (!file.endsWith('.js')) return undefined;
  const map = mapOf(file);
  if (map === null) return undefined;
  const entry = map.findEntry(line - 1, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
  if (entry.originalSource === undefined || entry.originalLine === undefined) return undefined;
  const source = entry.originalSource.startsWith('file:') ? fileURLToPath(entry.originalSource) : entry.originalSource;
  return {
    file: isAbsolute(source) ? source : resolve(dirname(file), source),
    line: entry.originalLine + 1,
    column: (entry.originalColumn ?? 0) + 1,
  };
}

/**
 * Where a stack frame's `file:line:column` is in the source: the .ts file and position
 * for compiled code (see `originalPosition`), the file's own absolute path and position
 * otherwise. Undefined for what is not a file on disk (`node:fs`, `<anonymous>`, a
 * malformed `file:` URL).
 */
export function framePosition(file: string, line: number, column: number): SourcePosition | undefined {
  const key = `${file}:${line}:${column}`;
  const known = positions.get(key);
  if (known !== undefined) return known ?? undefined;
  const path = pathOf(file);
  const position = path === undefined ? undefined : (originalPosition(path, line, column) ?? { file: path, line, column });
  return positions.remember(key, position ?? null) ?? undefined;
}

function pathOf(file: string): string | undefined {
  if (file.startsWith('file://')) {
    try {
      return fileURLToPath(file);
    } catch {
      return undefined;
    }
  }
  return isAbsolute(file) ? file : undefined;
}

function mapOf(file: string): SourceMap | null {
  const known = maps.get(file);
  return known === undefined ? maps.remember(file, readMap(`${file}.map`)) : known;
}

function readMap(path: string): SourceMap | null {
  try {
    return new SourceMap(JSON.parse(readFileSync(path, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  } catch {
    return null;
  }
}
