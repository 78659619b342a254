import { HttpException } from '../exception/http-exception.ts';
import { RequestException } from '../http/exception/request-exception.ts';
import { statusTexts } from '../http/status-texts.ts';
import { getProjectRoot, throwableClassName, throwableLocation } from '../log/throwable-location.ts';
import { describeFrame, frameData, stackFramesOf, type StackFrame } from './stack-frames.ts';

/** One exception of a chain as JSON shows it (see `toArray`). */
export interface FlattenExceptionData {
  readonly class: string;
  readonly message: string;
  readonly code: number | string;
  readonly file: string;
  readonly line: number;
  readonly trace: readonly Omit<StackFrame, 'absoluteFile'>[];
}

const unknownStatusText = 'Whoops, looks like something went wrong.';

// A cause chain that loops back on itself, or one deeper than any real program builds,
// stops here rather than hanging the error page.
const maxChainLength = 32;

/**
 * What an error page needs to know about an error, its status and its `cause` chain,
 * without keeping the page tied to the error's class. The costly parts (the trace, the
 * file and line, which make V8 format the stack) are worked out only when first read:
 * a prod page never reads them.
 */
export class FlattenException {
  readonly className: string;
  readonly message: string;
  readonly code: number | string;
  readonly statusCode: number;
  readonly statusText: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly #source: unknown;
  /** The errors already in the chain (a cause that loops back ends it) and this one's depth. */
  readonly #seen: Set<unknown>;
  readonly #depth: number;
  #previous: FlattenException | undefined | null = null;
  #trace: readonly StackFrame[] | undefined;

  private constructor(
    source: unknown,
    className: string,
    message: string,
    code: number | string,
    statusCode: number,
    headers: Record<string, string>,
    seen: Set<unknown>,
    depth: number,
  ) {
    this.#source = source;
    this.#seen = seen;
    this.#depth = depth;
    this.className = className;
    this.message = message;
    this.code = code;
    this.statusCode = statusCode;
    this.statusText = statusTextOf(statusCode);
    this.headers = headers;
  }

  /**
   * The cause, flattened when first read (a prod page never reads it, and reading an
   * error's `cause` may be what makes it: see RouterListener's RouteNotFoundHttpException).
   */
  get previous(): FlattenException | undefined {
    if (this.#previous === null) {
      const source = this.#source;
      const cause = isObject(source) ? (source as { cause?: unknown }).cause : undefined;
      this.#previous =
        cause === undefined || cause === null || this.#seen.has(cause) || this.#depth + 1 >= maxChainLength
          ? undefined
          : FlattenException.#create(cause, undefined, {}, this.#seen, this.#depth + 1);
    }
    return this.#previous;
  }

  /**
   * The status is an HttpException's own, 400 for a RequestException (the client sent
   * something wrong), else 500 unless `statusCode` says otherwise. An HttpException's
   * headers (`Allow`, `Retry-After`) win over `headers`.
   */
  static createFromThrowable(error: Error, statusCode?: number, headers: Record<string, string> = {}): FlattenException {
    return FlattenException.#create(error, statusCode, headers, new Set(), 0);
  }

  static #create(
    error: unknown, statusCode: number | undefined, headers: Record<string, string>, seen: Set<unknown>, depth: number,
  ): FlattenException {
    seen.add(error);
    return new FlattenException(error, throwableClassName(error), messageOf(error), codeOf(error), statusCode ?? statusCodeOf(error), withHeadersOf(error, headers), seen, depth);
  }

  /** The file the error was created in, relative to the project root; `unknown` without a stack. */
  get file(): string {
    return throwableLocation(this.#source).file;
  }

  get line(): number {
    return throwableLocation(this.#source).line;
  }

  /** The stack frames, parsed from `stack` on first use (once per error, see stackFramesOf). */
  get trace(): readonly StackFrame[] {
    if (this.#trace === undefined) {
      const source = this.#source;
      const stack = isObject(source) ? (source as { stack?: unknown }).stack : undefined;
      this.#trace = typeof stack === 'string' ? stackFramesOf(source as object, stack, getProjectRoot(), headerLines(stack, this.message)) : [];
    }
    return this.#trace;
  }

  /** The previous exceptions, the closest cause first. */
  getAllPrevious(): FlattenException[] {
    const all: FlattenException[] = [];
    for (let current = this.previous; current !== undefined; current = current.previous) all.push(current);
    return all;
  }

  /** The whole chain, outermost first. */
  getChain(): FlattenException[] {
    return [this, ...this.getAllPrevious()];
  }

  /** The chain as JSON-ready data, outermost first. */
  toArray(): FlattenExceptionData[] {
    return this.getChain().map((e) => ({
      class: e.className,
      message: e.message,
      code: e.code,
      file: e.file,
      line: e.line,
      trace: e.trace.map(frameData),
    }));
  }

  /** The chain as text, Node's way: `Class: message`, its `at` lines, then `Caused by: …`. */
  getAsString(): string {
    return this.getChain()
      .map((e, index) => {
        const head = chainHead(e, index);
        const trace = e.trace;
        return trace.length === 0 ? head : `${head}\n${traceText(trace)}`;
      })
      .join('\n');
  }
}

/** The line that opens an exception of the chain in `getAsString`'s text. */
export function chainHead(e: FlattenException, index: number): string {
  return `${index === 0 ? '' : 'Caused by: '}${e.className}: ${e.message}`;
}

// Errors of one place share their frames (see stackFramesOf): their text is kept with them.
const traceTexts = new WeakMap<readonly StackFrame[], string>();

/** A trace's `at` lines as `getAsString` writes them, joined by newlines. */
export function traceText(trace: readonly StackFrame[]): string {
  let text = traceTexts.get(trace);
  if (text === undefined) {
    text = trace.map((frame) => `    at ${describeFrame(frame)}`).join('\n');
    traceTexts.set(trace, text);
  }
  return text;
}

/**
 * `getAsString` of the exceptions `toArray` gave: the same text, from the JSON a profile
 * keeps, so that a profile need not keep both.
 */
export function chainAsString(chain: readonly FlattenExceptionData[]): string {
  return chain
    .map((e, index) => {
      const head = `${index === 0 ? '' : 'Caused by: '}${e.class}: ${e.message}`;
      return [head, ...e.trace.map((frame) => `    at ${describeFrame(frame)}`)].join('\n');
    })
    .join('\n');
}

function isObject(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

/** The status an error is answered with: an HttpException's own, 400 for a RequestException (the client sent something wrong), else 500. */
export function statusCodeOf(error: unknown): number {
  if (error instanceof HttpException) return error.statusCode;
  return error instanceof RequestException ? 400 : 500;
}

/** The text of a status, as FlattenException's `statusText`. */
export function statusTextOf(statusCode: number): string {
  return statusTexts[statusCode] ?? unknownStatusText;
}

/**
 * `headers` with an HttpException's own (`Allow`, `Retry-After`) over them: a new object
 * when it has any, `headers` itself otherwise (as for any other error). Most HTTP errors,
 * the 404 among them, have none: copying for them made an object per error page.
 */
export function withHeadersOf(error: unknown, headers: Record<string, string>): Record<string, string> {
  if (!(error instanceof HttpException)) return headers;
  const own = error.headers;
  for (const name in own) {
    if (Object.hasOwn(own, name)) return { ...headers, ...own };
  }
  return headers;
}

// A thrown string or number ends up in a cause chain too; it keeps its text.
function messageOf(error: unknown): string {
  if (isObject(error)) {
    const message = (error as { message?: unknown }).message;
    return typeof message === 'string' ? message : '';
  }
  return String(error);
}

/** A numeric code (HttpException) or Node's string codes (`ERR_INVALID_ARG_TYPE`); 0 without one. */
function codeOf(error: unknown): number | string {
  const code = isObject(error) ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' || typeof code === 'string' ? code : 0;
}

/** The stack's header is `Name: message`, as many lines as the message has. */
function headerLines(stack: string, message: string): number {
  // counted, not split: the message is read on every debug page and profile
  let lines = 1;
  for (let at = message.indexOf('\n'); at !== -1; at = message.indexOf('\n', at + 1)) lines++;
  // Without a header (a custom prepareStackTrace), frames start on the first line.
  return /^\s*at /.test(stack) ? 0 : lines;
}
