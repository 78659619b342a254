import { isAbsolute, sep } from 'node:path';
import { relativePath } from '../support/relative-path.ts';
import { framePosition } from '../support/compiled-source.ts';

export interface ThrowableLocation {
  readonly file: string;
  readonly line: number;
}

const unknownLocation: ThrowableLocation = { file: 'unknown', line: 0 };

/**
 * One V8 frame: `at fn (file:line:col)`, `at new Foo (file:line:col)` or `at file:line:col`.
 * The file part is greedy so that the last `:line:col` wins over colons in the path.
 */
const frame = /^\s*at (?:.+? \()?(.+):(\d+):(\d+)\)?$/;

let projectRoot = process.cwd();

/** Paths in messages are shown relative to this directory, as the reference shows them. */
export function setProjectRoot(dir: string): void {
  projectRoot = dir;
}

export function getProjectRoot(): string {
  return projectRoot;
}

// Reading `stack` makes V8 format the whole trace; an error written by several handlers
// is parsed once. Absolute paths are kept so that a later setProjectRoot still applies.
const parsed = new WeakMap<object, ThrowableLocation>();

/**
 * Where the error was created, from the first stack frame that names a file. Meant to be
 * called only when an entry is written, never when it is logged: it costs a stack format.
 */
export function throwableLocation(error: unknown): ThrowableLocation {
  if (typeof error !== 'object' || error === null) return unknownLocation;
  let location = parsed.get(error);
  if (location === undefined) {
    location = parseStack((error as { stack?: unknown }).stack);
    parsed.set(error, location);
  }
  return location === unknownLocation ? location : { file: displayPath(location.file), line: location.line };
}

/** The class an error (or any value) was made by: its constructor's name, else its `typeof`. */
export function throwableClassName(error: unknown): string {
  if (typeof error !== 'object' || error === null) return error === null ? 'null' : typeof error;
  const name = (error as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? name : 'Object';
}

/**
 * The stack's frames as `file:line` (paths as throwableLocation shows them), innermost
 * first, as Monolog's normalizer lists a trace; frames that name no file are left out.
 */
export function throwableTrace(error: unknown): string[] {
  const stack = typeof error === 'object' && error !== null ? (error as { stack?: unknown }).stack : undefined;
  if (typeof stack !== 'string') return [];
  const frames: string[] = [];
  for (const text of stack.split('\n')) {
    const match = frame.exec(text);
    if (match === null || match[1]!.startsWith('eval at ')) continue;
    const position = framePosition(match[1]!, Number(match[2]), Number(match[3]));
    const file = position === undefined ? match[1]! : position.file;
    frames.push(`${displayPath(file)}:${position === undefined ? match[2]! : position.line}`);
  }
  return frames;
}

function parseStack(stack: unknown): ThrowableLocation {
  if (typeof stack !== 'string') return unknownLocation;
  for (const text of stack.split('\n')) {
    const match = frame.exec(text);
    // Frames of eval'd code nest another location inside; they name no source file.
    if (match === null || match[1]!.startsWith('eval at ')) continue;
    // compiled code (dist/) run without --enable-source-maps: its .ts source and line
    const position = framePosition(match[1]!, Number(match[2]), Number(match[3]));
    return position === undefined ? { file: match[1]!, line: Number(match[2]) } : { file: position.file, line: position.line };
  }
  return unknownLocation;
}

/** `file` is an absolute path (see framePosition), or what a frame names that is not a file. */
function displayPath(file: string): string {
  if (!isAbsolute(file)) return file;
  const inside = relativePath(projectRoot, file);
  // Outside the project (node_modules of a linked package, Node's own files) the absolute
  // path says more than a chain of `../`.
  if (inside.startsWith('..') || isAbsolute(inside)) return file;
  return sep === '/' ? inside : inside.split(sep).join('/');
}
