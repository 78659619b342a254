import type { Request } from '../http/request.ts';
import type { RequestStack } from '../http/request-stack.ts';
import type { Response } from '../http/response.ts';
import { LogLevel } from './level.ts';
import type { LogHandler, LogRecord } from './log-record.ts';

/**
 * One entry per main request, written straight to an output (past the prod buffer, which
 * writes a request's entries only when one is an error): what an operator greps for by
 * request id. The path is in the context only, where the output cuts it like any string
 * a client sends.
 */
export class AccessLog {
  readonly #handler: LogHandler;
  readonly #requestStack: RequestStack<Request>;

  constructor(handler: LogHandler, requestStack: RequestStack<Request>) {
    this.#handler = handler;
    this.#requestStack = requestStack;
  }

  record(request: Request, response: Response, startedAt: number): void {
    if (!this.#handler.isHandling(LogLevel.INFO)) return;
    const durationMs = Math.round((performance.now() - startedAt) * 10) / 10;
    const record: LogRecord = {
      level: 'INFO',
      levelValue: LogLevel.INFO,
      time: Date.now(),
      channel: 'request',
      message: '{method} answered {status} in {duration_ms} ms',
      context: { method: request.method, uri: request.rawPath, status: response.statusCode, duration_ms: durationMs, client_ip: request.remoteAddress },
    };
    // as the main request, so that the output's extra fields (the request id) are this request's
    this.#requestStack.runMain(request, () => this.#handler.handle(record));
  }
}
