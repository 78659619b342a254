import { Session } from 'node:inspector';
import { findSourceMap } from 'node:module';
import { isAbsolute, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getProjectRoot } from '../../log/throwable-location.ts';

export interface SourceLocation {
  /** Relative to the project root when inside it. */
  readonly file: string;
  /** 1-based, in the TypeScript source when a source map says where. */
  readonly line: number;
}

const cache = new WeakMap<Function, SourceLocation | null>();
let session: Session | undefined;

/**
 * Where a function is defined, asked of V8 through the in-process inspector (the only
 * place that knows it). Debug only, once per function: the first call costs some
 * milliseconds, while the debugger lists the loaded scripts to name the file.
 */
export function functionLocation(fn: Function): SourceLocation | undefined {
  let location = cache.get(fn);
  if (location === undefined) {
    try {
      location = locate(fn) ?? null;
    } catch {
      location = null;
    }
    cache.set(fn, location);
  }
  return location ?? undefined;
}

interface FunctionLocation {
  scriptId: string;
  lineNumber: number;
  columnNumber: number;
}

function locate(fn: Function): SourceLocation | undefined {
  session ??= connect();
  const probe = Symbol.for('sluice.functionLocation');
  (globalThis as Record<symbol, unknown>)[probe] = fn;
  let found: FunctionLocation | undefined;
  try {
    const { result } = post<{ result: { objectId?: string } }>('Runtime.evaluate', { expression: "globalThis[Symbol.for('sluice.functionLocation')]" });
    if (result.objectId === undefined) return undefined;
    const { internalProperties } = post<{ internalProperties?: { name: string; value?: { value?: unknown } }[] }>('Runtime.getProperties', { objectId: result.objectId, ownProperties: true });
    found = internalProperties?.find((property) => property.name === '[[FunctionLocation]]')?.value?.value as FunctionLocation | undefined;
    post('Runtime.releaseObject', { objectId: result.objectId });
  } finally {
    delete (globalThis as Record<symbol, unknown>)[probe];
  }
  if (found === undefined) return undefined;
  const url = scriptUrl(found.scriptId);
  if (url === undefined || url === '') return undefined;
  const entry = findSourceMap(url)?.findEntry(found.lineNumber, found.columnNumber);
  const mapped = entry !== undefined && 'originalSource' in entry;
  return {
    file: displayPath(mapped ? entry.originalSource : url),
    line: (mapped ? entry.originalLine : found.lineNumber) + 1,
  };
}

/** The debugger announces every loaded script when enabled; it is disabled right after. */
function scriptUrl(scriptId: string): string | undefined {
  let url: string | undefined;
  const listener = (message: { params: { scriptId: string; url: string } }): void => {
    if (message.params.scriptId === scriptId) url = message.params.url;
  };
  session!.on('Debugger.scriptParsed', listener);
  try {
    post('Debugger.enable');
    post('Debugger.disable');
  } finally {
    session!.off('Debugger.scriptParsed', listener);
  }
  return url;
}

function connect(): Session {
  const created = new Session();
  created.connect();
  return created;
}

/** In-process inspector calls answer synchronously. */
function post<T = unknown>(method: string, params?: object): T {
  let error: Error | null = null;
  let result: unknown;
  session!.post(method, params, (e: Error | null, r?: unknown) => {
    error = e;
    result = r;
  });
  if (error !== null) throw error;
  return result as T;
}

function displayPath(file: string): string {
  const path = file.startsWith('file://') ? fileURLToPath(file) : file;
  if (!isAbsolute(path)) return path;
  const inside = relative(getProjectRoot(), path);
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}
