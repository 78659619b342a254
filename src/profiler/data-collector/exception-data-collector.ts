import { chainAsString, FlattenException, type FlattenExceptionData } from '../../error-handler/flatten-exception.ts';
import type { StackFrame } from '../../error-handler/stack-frames.ts';
import type { Request } from '../../http/request.ts';
import type { CollectContext, DataCollector, LateCollectContext } from './data-collector.ts';

export interface ExceptionData {
  readonly class: string;
  readonly message: string;
  readonly statusCode: number;
  readonly statusText: string;
  /** The error and its causes, outermost first, each with its stack frames (complete after the response was sent). */
  readonly chain: readonly FlattenExceptionData[];
  /** The whole chain as Node prints it. */
  readonly text: string;
}

/**
 * The error kernel.exception handled for the request, with its cause chain; null when there
 * was none. Stack frames cost a stack format and parse each: they are read after the
 * response was sent.
 */
export class ExceptionDataCollector implements DataCollector {
  readonly name = 'exception';
  readonly #errors = new WeakMap<Request, FlattenException>();

  collect({ exception, request }: CollectContext): ExceptionData | null {
    if (exception === undefined) return null;
    const flat = FlattenException.createFromThrowable(exception);
    this.#errors.set(request, flat);
    return { class: flat.className, message: flat.message, statusCode: flat.statusCode, statusText: flat.statusText, chain: [], text: '' };
  }

  /**
   * The chain as a profile keeps it: each frame as an array of its values, the frames a
   * cause shares with the error before it in the chain (the callers both were made
   * under) as their count, and no text, which says nothing the frames do not (see `expand`).
   */
  lateCollect({ request }: LateCollectContext, collected: unknown): StoredExceptionData | ExceptionData | null {
    const flat = this.#errors.get(request);
    if (flat === undefined || collected === null) return collected as ExceptionData | null;
    this.#errors.delete(request);
    // toArray's fields, in its order
    const chain = flat.getChain().map((e, i, all) => ({ class: e.className, message: e.message, code: e.code, file: e.file, line: e.line, trace: storedTrace(e.trace, all[i - 1]?.trace) }));
    return { ...(collected as ExceptionData), chain, text: '' };
  }

  /** The frames as objects again, and the text Node would print, made from them. */
  expand(stored: unknown): unknown {
    const data = stored as StoredExceptionData | null;
    // none, a collector's failure ({ error }), or data collected before the response was sent
    if (data === null || !Array.isArray(data.chain) || data.chain.length === 0) return stored;
    let previous: readonly FrameData[] = [];
    const chain = data.chain.map((e): FlattenExceptionData => {
      const trace = expandTrace(e.trace, previous);
      previous = trace;
      return { ...e, trace };
    });
    return { ...data, chain, text: data.text === '' ? chainAsString(chain) : data.text };
  }
}

type FrameData = FlattenExceptionData['trace'][number];

/** A frame as a profile keeps it: its flags (vendor, internal, async, constructor) as the bits of one number. */
type StoredFrame = readonly [fn: string, file: string, line: number, column: number, flags: number];

/**
 * A trace as a profile keeps it: its frames, the last of them, when the error before it in
 * the chain ends with the same frames, as their count.
 */
type StoredTrace = ReadonlyArray<StoredFrame | FrameData | number>;

/** ExceptionData as a profile keeps it (see ExceptionDataCollector#expand). */
export interface StoredExceptionData extends Omit<ExceptionData, 'chain'> {
  readonly chain: ReadonlyArray<Omit<FlattenExceptionData, 'trace'> & { readonly trace: StoredTrace }>;
}

/**
 * `trace` as a profile keeps it, the frames it ends with that `previous` ends with too as
 * their count: the parsed frames of one line are one object, shared by the errors whose
 * stacks pass it.
 */
function storedTrace(trace: readonly StackFrame[], previous: readonly StackFrame[] | undefined): StoredTrace {
  let shared = 0;
  if (previous !== undefined) {
    while (shared < trace.length && shared < previous.length && trace[trace.length - 1 - shared] === previous[previous.length - 1 - shared]) shared++;
  }
  // a single frame is as short written out
  if (shared < 2) return trace.map(storedFrame);
  const stored: Array<StoredFrame | number> = [];
  for (let i = 0; i < trace.length - shared; i++) stored.push(storedFrame(trace[i]!));
  stored.push(shared);
  return stored;
}

/** The frames of a stored trace as objects, those it shares with `previous` (the error before it, read back) taken from there. */
function expandTrace(stored: StoredTrace, previous: readonly FrameData[]): FrameData[] {
  const frames: FrameData[] = [];
  for (const frame of stored) {
    if (typeof frame === 'number') frames.push(...previous.slice(Math.max(0, previous.length - frame)).map((shared) => ({ ...shared })));
    else frames.push(Array.isArray(frame) ? frameOf(frame as StoredFrame) : (frame as FrameData));
  }
  return frames;
}

function storedFrame(frame: StackFrame): StoredFrame {
  const flags = (frame.isVendor ? 1 : 0) | (frame.isInternal ? 2 : 0) | (frame.isAsync ? 4 : 0) | (frame.isConstructor ? 8 : 0);
  return [frame.function, frame.file, frame.line, frame.column, flags];
}

function frameOf([fn, file, line, column, flags]: StoredFrame): FrameData {
  return { function: fn, file, line, column, isVendor: (flags & 1) !== 0, isInternal: (flags & 2) !== 0, isAsync: (flags & 4) !== 0, isConstructor: (flags & 8) !== 0 };
}
