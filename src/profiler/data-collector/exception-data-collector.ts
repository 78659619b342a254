import { FlattenException, type FlattenExceptionData } from '../../error-handler/flatten-exception.ts';
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

  lateCollect({ request }: LateCollectContext, collected: unknown): ExceptionData | null {
    const flat = this.#errors.get(request);
    if (flat === undefined || collected === null) return collected as ExceptionData | null;
    this.#errors.delete(request);
    return { ...(collected as ExceptionData), chain: flat.toArray(), text: flat.getAsString() };
  }
}
