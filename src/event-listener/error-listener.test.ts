import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorListener } from './error-listener.ts';
import { ExceptionEvent } from '../event/exception-event.ts';
import { ControllerArgumentsEvent } from '../event/controller-arguments-event.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { Logger } from '../log/logger.ts';
import { TestHandler } from '../log/test-handler.ts';
import type { LogHandler, LogRecord } from '../log/log-record.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import { ServiceUnavailableHttpException } from '../exception/service-unavailable-http-exception.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { FlattenException } from '../error-handler/flatten-exception.ts';
import { declareArguments } from '../controller/argument-metadata.ts';

class SubRequestKernel implements HttpKernelInterface {
  readonly handled: Array<{ request: Request; type: number; catchErrors: boolean }> = [];
  constructor(private readonly answer: () => Response) {}
  async handle(request: Request, type: 1 | 2 = 1, catchErrors = true): Promise<Response> {
    this.handled.push({ request, type, catchErrors });
    return this.answer();
  }
}

function exceptionEvent(kernel: HttpKernelInterface, error: Error, request = Request.create('/missing', 'POST')): ExceptionEvent {
  return new ExceptionEvent(kernel, request, RequestType.MAIN, error);
}

function logger(): { logger: Logger; handler: TestHandler } {
  const handler = new TestHandler();
  return { logger: new Logger('request', [handler]), handler };
}

/** Two error controllers, one declaring a FlattenException and one an Error, with a 404 for them, its error sub-request and a kernel. */
function errorControllers() {
  class LegacyController { showAction(exception: FlattenException) { return exception; } }
  class ModernController { showAction(exception: Error) { return exception; } }
  declareArguments(LegacyController.prototype.showAction, { exception: FlattenException });
  declareArguments(ModernController.prototype.showAction, { exception: Error });
  const error = new NotFoundHttpException('gone');
  const request = Request.create('/', 'GET', { attributes: { exception: error } });
  const kernel = new SubRequestKernel(() => new Response());
  return { LegacyController, ModernController, error, request, kernel };
}

describe('ErrorListener', () => {
  it('logs an HTTP error below 500 at ERROR with class, message, file and line', () => {
    const { logger: log, handler } = logger();
    const error = new NotFoundHttpException('No route found for "GET /x"');
    new ErrorListener('error_controller', log).logKernelException(exceptionEvent(new SubRequestKernel(() => new Response()), error));
    const record = handler.records[0]!;
    assert.equal(record.level, 'ERROR');
    assert.match(record.message, /^Uncaught Exception NotFoundHttpException: "No route found for "GET \/x"" at src\/event-listener\/error-listener\.test\.ts line \d+$/);
    assert.deepEqual(record.context, { exception: error });
  });

  it('logs server errors and non-HTTP errors at CRITICAL', () => {
    const { logger: log, handler } = logger();
    const listener = new ErrorListener('error_controller', log);
    const kernel = new SubRequestKernel(() => new Response());
    listener.logKernelException(exceptionEvent(kernel, new ServiceUnavailableHttpException(30)));
    listener.logKernelException(exceptionEvent(kernel, new TypeError('bug')));
    assert.deepEqual(handler.records.map((r) => r.level), ['CRITICAL', 'CRITICAL']);
  });

  it('does not locate the error (no stack parsing) when no handler writes the message', () => {
    let stackReads = 0;
    const error = new NotFoundHttpException('x');
    const stack = error.stack;
    Object.defineProperty(error, 'stack', { get: () => { stackReads++; return stack; } });
    const dropping: LogHandler = { isHandling: () => true, handle: (_record: LogRecord) => {} };
    new ErrorListener('error_controller', new Logger('request', [dropping])).logKernelException(exceptionEvent(new SubRequestKernel(() => new Response()), error));
    assert.equal(stackReads, 0);
  });

  it('renders the error page through a GET sub-request to the error controller, with the exception and logger', async () => {
    const page = new Response('error page', 404);
    const kernel = new SubRequestKernel(() => page);
    const debugLogger = { getLogs: () => [] };
    const error = new NotFoundHttpException('nope');
    const event = exceptionEvent(kernel, error);
    event.request.attributes.set('_route', 'old');
    await new ErrorListener('error_controller', undefined, debugLogger).onKernelException(event);
    const [sub] = kernel.handled;
    assert.equal(sub!.type, RequestType.SUB);
    assert.equal(sub!.catchErrors, false);
    assert.equal(sub!.request.method, 'GET');
    assert.equal(sub!.request.attributes.get('_controller'), 'error_controller');
    assert.equal(sub!.request.attributes.get('exception'), error);
    assert.equal(sub!.request.attributes.get('logger'), debugLogger);
    assert.equal(sub!.request.attributes.has('_route'), false);
    assert.equal(event.response, page);
    assert.equal(event.isPropagationStopped(), true);
  });

  it('falls back to a plain 500 when the error page itself fails, logging both and keeping the original as cause', async () => {
    const { logger: log, handler } = logger();
    const broken = new Error('template missing');
    const kernel = new SubRequestKernel(() => { throw broken; });
    const original = new NotFoundHttpException('nope');
    const event = exceptionEvent(kernel, original);
    await new ErrorListener('error_controller', log).onKernelException(event);
    assert.equal(event.response?.statusCode, 500);
    assert.match(String(event.response?.content), /The server returned a "500 Internal Server Error"\./);
    assert.equal(handler.records[0]!.level, 'CRITICAL');
    assert.match(handler.records[0]!.message, /^Exception thrown when handling an exception \(Error: template missing at src\/event-listener\/error-listener\.test\.ts line \d+\)$/);
    assert.equal(event.throwable, broken);
    assert.equal(broken.cause, original);
  });

  it('gives a FlattenException to an error controller that declares one, and the error itself otherwise', () => {
    const { LegacyController, ModernController, error, request, kernel } = errorControllers();
    const legacy = new ControllerArgumentsEvent(kernel, [new LegacyController(), 'showAction'], [error], request, RequestType.SUB);
    new ErrorListener('error_controller').onControllerArguments(legacy);
    assert.ok(legacy.arguments[0] instanceof FlattenException);
    assert.equal((legacy.arguments[0] as FlattenException).statusCode, 404);
    const modern = new ControllerArgumentsEvent(kernel, [new ModernController(), 'showAction'], [error], request, RequestType.SUB);
    new ErrorListener('error_controller').onControllerArguments(modern);
    assert.equal(modern.arguments[0], error);
  });

  it('reads the declared parameters of each error controller in turn, however often the same one came before', () => {
    const { LegacyController, ModernController, error, request, kernel } = errorControllers();
    const legacy = [new LegacyController(), 'showAction'] as const;
    const modern = [new ModernController(), 'showAction'] as const;
    const listener = new ErrorListener('error_controller');
    const given = [legacy, legacy, modern, legacy].map((controller) => {
      const event = new ControllerArgumentsEvent(kernel, controller, [error], request, RequestType.SUB);
      listener.onControllerArguments(event);
      return event.arguments[0] instanceof FlattenException ? 'flat' : event.arguments[0] === error ? 'error' : 'other';
    });
    assert.deepEqual(given, ['flat', 'flat', 'error', 'flat']);
  });

  it('tells the wiring of each error page it answers with, and subscribes nothing to kernel.response', async () => {
    const told: Array<[Request, Response]> = [];
    const page = new Response('page', 500);
    const listener = new ErrorListener('error_controller', undefined, undefined, undefined, (request, response) => told.push([request, response]));
    assert.equal('kernel.response' in listener.getSubscribedEvents(), false);
    const event = exceptionEvent(new SubRequestKernel(() => page), new Error('x'));
    await listener.onKernelException(event);
    assert.deepEqual(told, [[event.request, page]]);
  });

});
