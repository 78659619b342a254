import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, sep } from 'node:path';
import { relativePath } from '../support/relative-path.ts';
import { framePosition } from '../support/compiled-source.ts';

/** One frame of a V8 stack trace, as the error pages show it. */
export interface StackFrame {
  /** `RouterListener.onKernelRequest`, `new Foo`, `<anonymous>`; empty for a top-level frame. */
  readonly function: string;
  /** Relative to the project root inside it; absolute outside; `node:…` or `<anonymous>` as V8 wrote it. */
  readonly file: string;
  /** The absolute path, when the frame names a file on disk (not Node's own, not eval'd code). */
  readonly absoluteFile: string | undefined;
  /** 1-based; 0 when V8 gave none (`native`, `<anonymous>`, `index 0`). */
  readonly line: number;
  readonly column: number;
  /** The frame runs code under a `node_modules` directory. */
  readonly isVendor: boolean;
  /** The frame runs Node's own code or a builtin (`node:internal/…`, `Array.forEach (<anonymous>)`). */
  readonly isInternal: boolean;
  readonly isAsync: boolean;
  readonly isConstructor: boolean;
}

/** A few source lines around a frame's line; `lines[i]` is line `firstLine + i`. */
export interface SourceExcerpt {
  readonly firstLine: number;
  readonly selectedLine: number;
  readonly lines: readonly string[];
  /** Every line of the file as it was read: a file changed since is read into another array. */
  readonly file: readonly string[];
}

const framePrefix = /^\s*at /;
const location = /^(.*):(\d+):(\d+)$/;

/**
 * The frames of a V8 `error.stack`: `at fn (file:line:col)`, `at file:line:col`,
 * `at async fn (…)`, `at new Foo (…)`, `file://` URLs, eval'd code and builtins.
 * `skipLines` leaves out the header (the message, which may itself hold `at …` lines).
 */
export function parseStackFrames(stack: string, projectRoot: string, skipLines = 1): StackFrame[] {
  const frames: StackFrame[] = [];
  const lines = stack.split('\n');
  for (let i = skipLines; i < lines.length; i++) {
    const text = lines[i]!;
    if (!framePrefix.test(text)) continue;
    frames.push(knownFrames.get(text.replace(framePrefix, '').trim(), projectRoot));
  }
  return frames;
}

/**
 * Values made from a text under a project root, kept by the root, then by the text: a key
 * joined from the two is a new string to copy and hash through for every look-up. Emptied
 * when `limit` values are held, which a program making errors at ever new places would
 * reach, not one showing the same pages again.
 */
class KeptUnderRoot<V> {
  readonly #byRoot = new Map<string, Map<string, V>>();
  #count = 0;

  constructor(readonly limit: number, readonly make: (text: string, projectRoot: string) => V) {}

  get(text: string, projectRoot: string): V {
    let underRoot = this.#byRoot.get(projectRoot);
    let value = underRoot?.get(text);
    if (value === undefined) {
      if (this.#count >= this.limit) {
        this.#byRoot.clear();
        this.#count = 0;
        underRoot = undefined;
      }
      if (underRoot === undefined) this.#byRoot.set(projectRoot, (underRoot = new Map()));
      value = this.make(text, projectRoot);
      underRoot.set(text, value);
      this.#count++;
    }
    return value;
  }
}

// The same frames (the kernel's, the listeners') come back in error after error: each
// line's frame is kept by the line's text (frames are immutable, so they are shared).
const knownFrames = new KeptUnderRoot(2048, parseFrame);

interface ParsedStack {
  readonly stack: string;
  readonly projectRoot: string;
  readonly skipLines: number;
  readonly frames: readonly StackFrame[];
}

const parsedStacks = new WeakMap<object, ParsedStack>();

/**
 * `parseStackFrames` of an error's `stack`, kept with the error: the debug page and the
 * profiles of the request and of its error page each flatten the same error, and each
 * parsed its stack anew. Kept while the error lives; a `stack` replaced since is parsed again.
 * Errors made at the same place by the same calls have the same frames: the frames of a
 * stack's text (below its header, which holds the message) are kept too, and the errors
 * share one array, by which the debug page keeps what it made of them.
 */
export function stackFramesOf(error: object, stack: string, projectRoot: string, skipLines = 1): readonly StackFrame[] {
  const known = parsedStacks.get(error);
  if (known !== undefined && known.stack === stack && known.projectRoot === projectRoot && known.skipLines === skipLines) return known.frames;
  const frames = framesOfText(stack, projectRoot, skipLines);
  parsedStacks.set(error, { stack, projectRoot, skipLines, frames });
  return frames;
}

// The frames of each stack text below its header, under the project root they were made
// relative to: errors made at one place share them.
const knownTraces = new KeptUnderRoot(256, (text, projectRoot): readonly StackFrame[] => Object.freeze(parseStackFrames(text, projectRoot, 0)));

function framesOfText(stack: string, projectRoot: string, skipLines: number): readonly StackFrame[] {
  // the header's lines are left out of the key: the same frames under another message are the same frames
  let from = 0;
  for (let i = 0; i < skipLines && from !== -1; i++) {
    const end = stack.indexOf('\n', from);
    from = end === -1 ? -1 : end + 1;
  }
  if (from === -1) return [];
  return knownTraces.get(stack.slice(from), projectRoot);
}

function parseFrame(text: string, projectRoot: string): StackFrame {
  let rest = text;
  const isAsync = rest.startsWith('async ');
  if (isAsync) rest = rest.slice(6);
  let fn = '';
  let where = rest;
  // `fn (where)`; a frame without a function name is the bare location.
  const open = rest.indexOf(' (');
  if (rest.endsWith(')') && open !== -1) {
    fn = rest.slice(0, open);
    where = rest.slice(open + 2, -1);
  }
  const isConstructor = fn.startsWith('new ');
  // Eval'd code: `eval at outer (file:1:2), <anonymous>:1:6`; its lines belong to no file.
  if (where.startsWith('eval at ')) return frame(fn, '<eval>', undefined, 0, 0, false, false, isAsync, isConstructor);
  const match = location.exec(where);
  if (match === null) return frame(fn, where, undefined, 0, 0, false, true, isAsync, isConstructor);
  const [, rawFile, line, column] = match as unknown as [string, string, string, string];
  // compiled code (dist/) run without --enable-source-maps: its .ts source and position
  const position = framePosition(rawFile, Number(line), Number(column));
  if (position === undefined) return frame(fn, rawFile, undefined, Number(line), Number(column), false, true, isAsync, isConstructor);
  const absolute = position.file;
  const isVendor = absolute.includes(`${sep}node_modules${sep}`) || absolute.includes('/node_modules/');
  return frame(fn, displayPath(absolute, projectRoot), absolute, position.line, position.column, isVendor, false, isAsync, isConstructor);
}

function frame(
  fn: string, file: string, absoluteFile: string | undefined, line: number, column: number,
  isVendor: boolean, isInternal: boolean, isAsync: boolean, isConstructor: boolean,
): StackFrame {
  return { function: fn, file, absoluteFile, line, column, isVendor, isInternal, isAsync, isConstructor };
}

/** Relative to the project root when inside it; outside, the absolute path says more than `../../`. */
export function displayPath(absolute: string, projectRoot: string): string {
  const inside = relativePath(projectRoot, absolute);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return absolute;
  return sep === '/' ? inside : inside.split(sep).join('/');
}

/** Whether the page may show the frame's source: a file of the project, not of a dependency. */
export function isProjectSource(absolute: string, projectRoot: string): boolean {
  const inside = relativePath(projectRoot, absolute);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return false;
  return !inside.split(sep).includes('node_modules');
}

interface CachedSource {
  readonly mtimeMs: number;
  readonly lines: readonly string[] | undefined;
  checkedAt: number;
}

// The debug page of one request shows a handful of files, mostly the same ones again on
// the next error; a small cache keyed by modification time keeps edits visible.
const sources = new Map<string, CachedSource>();
const maxCachedFiles = 64;
const maxFileBytes = 2 * 1024 * 1024;

/**
 * The lines around `line` (`radius` each side) of a file's lines as `readLines` gives them;
 * undefined for a file that could not be read or a line outside it.
 */
export function excerptOf(lines: readonly string[] | undefined, line: number, radius = 5): SourceExcerpt | undefined {
  if (line < 1 || lines === undefined || line > lines.length) return undefined;
  const first = Math.max(1, line - radius);
  const last = Math.min(lines.length, line + radius);
  return { firstLine: first, selectedLine: line, lines: lines.slice(first - 1, last), file: lines };
}

/**
 * The lines of a file as they are now, read synchronously (debug pages only) and cached:
 * the same array as long as the file is unchanged, another once it changed, so a caller
 * can keep what it made of them. Undefined for a file that is too big or not readable;
 * the caller checks that the file is a project source (`isProjectSource`).
 */
export function readLines(file: string): readonly string[] | undefined {
  // A file seen less than a second ago is taken as unchanged: a debug page shows a dozen
  // frames, and a stat for each on every error page was a visible cost under load.
  const recent = sources.get(file);
  if (recent !== undefined && Date.now() - recent.checkedAt < 1000) return recent.lines;
  let mtimeMs: number;
  let size: number;
  try {
    const stats = statSync(file);
    if (!stats.isFile()) return undefined;
    mtimeMs = stats.mtimeMs;
    size = stats.size;
  } catch {
    return undefined;
  }
  const cached = sources.get(file);
  if (cached !== undefined && cached.mtimeMs === mtimeMs) {
    cached.checkedAt = Date.now();
    return cached.lines;
  }
  let lines: string[] | undefined;
  if (size <= maxFileBytes) {
    try {
      lines = readFileSync(file, 'utf8').split(/\r\n|\r|\n/);
    } catch {
      lines = undefined;
    }
  }
  sources.delete(file);
  sources.set(file, { mtimeMs, lines, checkedAt: Date.now() });
  if (sources.size > maxCachedFiles) sources.delete(sources.keys().next().value!);
  return lines;
}

/** `fn (file:line:col)`, or the bare location, as V8 writes a frame. */
export function describeFrame(frame: Pick<StackFrame, 'function' | 'file' | 'line' | 'column' | 'isAsync'>): string {
  const where = frame.line === 0 ? frame.file : `${frame.file}:${frame.line}:${frame.column}`;
  const fn = `${frame.isAsync ? 'async ' : ''}${frame.function}`;
  return fn === '' ? where : `${fn} (${where})`;
}

/** A frame for JSON output: everything but the absolute path, which says nothing more to a client. */
export function frameData(frame: StackFrame): Omit<StackFrame, 'absoluteFile'> {
  const { absoluteFile: _absolute, ...data } = frame;
  return data;
}
