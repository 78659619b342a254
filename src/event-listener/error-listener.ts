import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ExceptionEvent } from '../event/exception-event.ts';
import type { ControllerArgumentsEvent } from '../event/controller-arguments-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { RequestType } from '../kernel/request-type.ts';
import { toError } from '../kernel/thrown-value-error.ts';
import { HttpException } from '../exception/http-exception.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import { Response } from '../http/response.ts';
import type { Request } from '../http/request.ts';
import type { Logger } from '../log/logger.ts';
import { LogLevel, toLevelValue } from '../log/level.ts';
import { exceptionPolicyOf, type ExceptionMapping } from '../error-handler/exception-mapping.ts';
import { throwableClassName, throwableLocation } from '../log/throwable-location.ts';
import { argumentMetadataFor, type ArgumentMetadata } from '../controller/argument-metadata.ts';
import { FlattenException } from '../error-handler/flatten-exception.ts';
import { Priority } from './priorities.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';

const plain500 =
  '<!DOCTYPE html>\n<html><head><meta charset="UTF-8"><title>An Error Occurred: Internal Server Error</title></head>' +
  '<body><h1>Oops! An Error Occurred</h1><h2>The server returned a "500 Internal Server Error".</h2></body></html>\n';

/**
 * Logs an uncaught error and renders the error page through a sub-request to the error
 * controller, so the page goes through the same listeners as any response.
 */
export class ErrorListener implements EventSubscriber {
  readonly #controller: unknown;
  readonly #logger: Logger | undefined;
  readonly #debugLogger: unknown;
  readonly #exceptions: ExceptionMapping | undefined;
  readonly #onErrorPage: ((request: Request, page: Response) => void) | undefined;
  // The controller of the last error page and its declared parameters: every error page
  // names the same one, and reading its metadata unpacks the controller and looks it up.
  #lastController: unknown = undefined;
  #lastParameters: readonly ArgumentMetadata[] = [];

  /**
   * @param controller the `_controller` of the error sub-request
   * @param logger the `request` channel
   * @param debugLogger passed to the error controller as the `logger` attribute (the Logs tab)
   * @param exceptions log level and status per exception class (framework.exceptions)
   * @param onErrorPage told of each error page this listener answers with (debug: see DebugErrorPages)
   */
  constructor(controller: unknown, logger?: Logger, debugLogger?: unknown, exceptions?: ExceptionMapping, onErrorPage?: (request: Request, page: Response) => void) {
    this.#controller = controller;
    this.#exceptions = exceptions;
    this.#logger = logger;
    this.#debugLogger = debugLogger;
    this.#onErrorPage = onErrorPage;
  }

  getSubscribedEvents(): SubscribedEvents {
    return {
      [KernelEvents.CONTROLLER_ARGUMENTS]: 'onControllerArguments',
      [KernelEvents.EXCEPTION]: [['logKernelException', 0], ['onKernelException', Priority.ERROR_RENDER]],
    };
  }

  logKernelException(event: ExceptionEvent): void {
    this.#logException(event.throwable, uncaughtMessage);
  }

  /** Renders the error page through a sub-request; synchronously when the sub-request's handling is. */
  onKernelException(event: ExceptionEvent): void | Promise<void> {
    let throwable = event.throwable;
    const statusCode = throwable instanceof HttpException ? undefined : exceptionPolicyOf(this.#exceptions, throwable)?.statusCode;
    if (statusCode !== undefined) event.setThrowable((throwable = new HttpException(statusCode, throwable.message, { cause: throwable })));
    const subRequest = this.#duplicateRequest(throwable, event.request);
    const kernel = event.kernel;
    let answer: MaybePromise<Response>;
    try {
      answer = kernel.respond === undefined ? kernel.handle(subRequest, RequestType.SUB, false) : kernel.respond(subRequest, RequestType.SUB, false);
    } catch (thrown) {
      this.#renderingFailed(event, thrown, throwable);
      return;
    }
    if (!isThenable(answer)) {
      this.#answer(event, answer);
      return;
    }
    return answer.then(
      (response) => this.#answer(event, response),
      (thrown: unknown) => this.#renderingFailed(event, thrown, throwable),
    );
  }

  #answer(event: ExceptionEvent, response: Response): void {
    event.setResponse(response);
    this.#onErrorPage?.(event.request, response);
  }

  #renderingFailed(event: ExceptionEvent, thrown: unknown, throwable: Error): void {
    const failure = toError(thrown);
    this.#logException(failure, renderingFailedMessage);
    linkAsDeepestCause(failure, throwable);
    event.setThrowable(failure);
    this.#answer(event, new Response(plain500, 500, { 'Content-Type': 'text/html; charset=UTF-8' }));
  }

  /**
   * An error controller that declares its `exception` parameter as FlattenException gets
   * the flattened copy (what 4.3-era controllers expect); others get the error itself.
   */
  onControllerArguments(event: ControllerArgumentsEvent): void {
    const exception = event.request.attributes.get('exception');
    if (exception === undefined || !(exception instanceof Error)) return;
    const index = event.arguments.indexOf(exception);
    if (index === -1) return;
    const controller = event.controller;
    if (controller !== this.#lastController) {
      this.#lastParameters = argumentMetadataFor(controller);
      this.#lastController = controller;
    }
    const parameter = this.#lastParameters[index];
    if ((parameter?.type as unknown) !== FlattenException) return;
    const args = [...event.arguments];
    args[index] = FlattenException.createFromThrowable(exception);
    event.setArguments(args);
  }

  #logException(error: Error, message: (e: Error) => string): void {
    const logger = this.#logger;
    if (logger === undefined) return;
    const configured = exceptionPolicyOf(this.#exceptions, error)?.logLevel;
    const own = error instanceof HttpException ? error.logLevel ?? (error.statusCode < 500 ? LogLevel.ERROR : LogLevel.CRITICAL) : LogLevel.CRITICAL;
    const level = configured !== undefined ? toLevelValue(configured) : own;
    // The message is built only if a handler writes the entry: locating the error parses its stack.
    logger.log(level, message, { exception: error }, error);
  }

  #duplicateRequest(throwable: Error, request: Request): Request {
    const attributes: Record<string, unknown> = { _controller: this.#controller, exception: throwable };
    if (this.#debugLogger !== undefined) attributes.logger = this.#debugLogger;
    const subRequest = request.duplicate(undefined, attributes);
    subRequest.method = 'GET';
    return subRequest;
  }
}

// Declared once and given the error by the logger: no closure made for each entry.
function uncaughtMessage(e: Error): string {
  return `Uncaught Exception ${throwableClassName(e)}: "${e.message}" at ${locate(e)}`;
}

function renderingFailedMessage(e: Error): string {
  return `Exception thrown when handling an exception (${throwableClassName(e)}: ${e.message} at ${locate(e)})`;
}

function locate(error: Error): string {
  const { file, line } = throwableLocation(error);
  return `${file} line ${line}`;
}

/** Keeps the original error reachable from the one that broke the error page. */
function linkAsDeepestCause(failure: Error, original: Error): void {
  let deepest: Error = failure;
  const seen = new Set<Error>();
  while (deepest.cause instanceof Error && !seen.has(deepest.cause)) {
    if (deepest.cause === original) return;
    seen.add(deepest);
    deepest = deepest.cause;
  }
  if (deepest.cause === undefined && deepest !== original) {
    Object.defineProperty(deepest, 'cause', { value: original, configurable: true, writable: true });
  }
}
