import { join } from 'node:path';
import type { Request } from '../http/request.ts';
import type { RequestStack } from '../http/request-stack.ts';
import type { Logger } from '../log/logger.ts';
import type { LogHandler } from '../log/log-record.ts';
import { DebugLogger } from '../log/debug-logger.ts';
import { StreamHandler } from '../log/stream-handler.ts';
import { JsonLinesHandler } from '../log/json-lines-handler.ts';
import { FingersCrossedHandler } from '../log/fingers-crossed-handler.ts';
import { AccessLog } from '../log/access-log.ts';
import { requestIdOf } from '../http/request-id.ts';
import { operatorLogStream } from '../log/operator-stream.ts';
import type { Kernel } from './kernel.ts';

declare module './container.ts' {
  interface ServiceMap {
    /** Per-request log groups: the debug error page's Logs tab and the profiler read it (debug only). */
    'logger.debug': DebugLogger;
    /** One entry per main request past the prod buffer (`log.accessLog`). */
    'logger.access': AccessLog;
  }
}

const flushOnExit = new Set<Logger>();
let exitHookInstalled = false;

/**
 * The application's log outputs, all fed by one logger (MonologBundle's role):
 * - debug: a DebugLogger grouping entries per request, for the error page and profiler;
 * - a file `var/log/<env>.log` in Monolog's line format, or JSON lines (`<env>.jsonl` or stdout);
 * - with `fingersCrossed` (prod), a request's entries are written only when one reaches
 *   ERROR, and not for 404 and 405.
 */
export function configureLogging(kernel: Kernel, logger: Logger, requestStack: RequestStack<Request>): void {
  const { log } = kernel.config;
  let debugLogger: DebugLogger | undefined;
  if (kernel.debug) {
    debugLogger = new DebugLogger(requestStack);
    logger.pushHandler(debugLogger);
    kernel.container.set('logger.debug', debugLogger);
  }

  const extra = (): Record<string, string> | undefined => {
    const main = requestStack.getMainRequest();
    if (main === undefined) return undefined;
    const fields: Record<string, string> = { request_id: requestIdOf(main) };
    for (const add of kernel.logExtras) Object.assign(fields, add(main));
    return fields;
  };
  const options = { ...(log.channels !== undefined && { channels: log.channels }), ...(log.rotate !== undefined && { rotate: log.rotate }), extra };
  let output: LogHandler;
  if (log.format === 'line') output = new StreamHandler(join(kernel.logDir, `${kernel.environment}.log`), options);
  else if (log.format === 'jsonl') output = new JsonLinesHandler(join(kernel.logDir, `${kernel.environment}.jsonl`), options);
  else output = new JsonLinesHandler(operatorLogStream(), options);
  if (log.accessLog) kernel.container.set('logger.access', new AccessLog(output, requestStack));

  let fingersCrossed: FingersCrossedHandler | undefined;
  if (log.fingersCrossed) {
    fingersCrossed = new FingersCrossedHandler(output, requestStack);
    output = fingersCrossed;
  }
  logger.pushHandler(output);

  // A finished main request's groups and buffers are released once everything read them:
  // after kernel.terminate (the profiler reads them there), outside the dispatcher, so no
  // listener of ours appears in the event's log.
  kernel.afterTerminate((request) => {
    debugLogger?.clear(request);
    fingersCrossed?.endRequest(request);
  });

  flushOnExit.add(logger);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const each of flushOnExit) each.flushSync();
    });
  }
}
