import type { EventDispatcherInterface } from '../event-dispatcher/event-dispatcher-interface.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import type { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import type { RequestStack } from '../http/request-stack.ts';
import { RequestException } from '../http/exception/request-exception.ts';
import { HttpException } from '../exception/http-exception.ts';
import { BadRequestHttpException } from '../exception/bad-request-http-exception.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import { callController, type Controller } from '../controller/controller.ts';
import type { ControllerResolverInterface } from '../controller/controller-resolver.ts';
import type { ArgumentResolverInterface } from '../controller/argument-resolver.ts';
import { RequestEvent } from '../event/request-event.ts';
import { ControllerEvent } from '../event/controller-event.ts';
import { ControllerArgumentsEvent } from '../event/controller-arguments-event.ts';
import { ViewEvent } from '../event/view-event.ts';
import { ResponseEvent } from '../event/response-event.ts';
import { FinishRequestEvent } from '../event/finish-request-event.ts';
import { TerminateEvent } from '../event/terminate-event.ts';
import { ExceptionEvent } from '../event/exception-event.ts';
import { KernelEvents } from './kernel-events.ts';
import { RequestType } from './request-type.ts';
import type { HttpKernelInterface } from './http-kernel-interface.ts';
import { ControllerDoesNotReturnResponseError } from './controller-does-not-return-response-error.ts';
import { toError } from './thrown-value-error.ts';

/**
 * Turns a request into a response by dispatching the kernel events in the reference's
 * order. Sync listeners and controllers run without a promise per step: a dispatch is
 * awaited only when it returned one.
 */
export class HttpKernel implements HttpKernelInterface {
  readonly dispatcher: EventDispatcherInterface;
  readonly resolver: ControllerResolverInterface;
  readonly argumentResolver: ArgumentResolverInterface;
  readonly requestStack: RequestStack<Request>;

  constructor(dispatcher: EventDispatcherInterface, resolver: ControllerResolverInterface, requestStack: RequestStack<Request>, argumentResolver: ArgumentResolverInterface) {
    this.dispatcher = dispatcher;
    this.resolver = resolver;
    this.requestStack = requestStack;
    this.argumentResolver = argumentResolver;
  }

  handle(request: Request, type: RequestType = RequestType.MAIN, catchErrors = true): Promise<Response> {
    // A main request gets its own request stack for every await of its handling; it
    // ends with the handling, so kernel.terminate (after the send) sees no request.
    if (type === RequestType.MAIN && this.requestStack.depth === 0) {
      return this.requestStack.runMain(request, () => this.#handle(request, type, catchErrors, false));
    }
    this.requestStack.push(request);
    return this.#handle(request, type, catchErrors, true);
  }

  async #handle(request: Request, type: RequestType, catchErrors: boolean, pushed: boolean): Promise<Response> {
    try {
      return await this.#handleRaw(request, type);
    } catch (thrown) {
      let error = toError(thrown);
      if (error instanceof RequestException) error = new BadRequestHttpException(error.message, { cause: error });
      if (!catchErrors) {
        await this.#finishRequest(request, type);
        throw error;
      }
      return await this.#handleThrowable(error, request, type);
    } finally {
      if (pushed) this.requestStack.pop();
    }
  }

  /** Runs kernel.terminate, after the response has been sent. Main requests only. */
  async terminate(request: Request, response: Response): Promise<void> {
    const dispatched = this.dispatcher.dispatch(new TerminateEvent(this, request, response), KernelEvents.TERMINATE);
    if (isThenable(dispatched)) await dispatched;
  }

  /**
   * Answers a main request whose handling an error thrown outside it cut short (an
   * uncaught exception in a callback the controller started): kernel.exception, then
   * kernel.response and kernel.finish_request, as for an error the handling threw. The
   * reference's terminateWithException, minus the sending, which is the server's.
   */
  handleUncaughtException(error: Error, request: Request): Promise<Response> {
    return this.#handleThrowable(error, request, RequestType.MAIN);
  }

  async #handleRaw(request: Request, type: RequestType): Promise<Response> {
    const requestEvent = new RequestEvent(this, request, type);
    let dispatched: unknown = this.dispatcher.dispatch(requestEvent, KernelEvents.REQUEST);
    if (isThenable(dispatched)) await dispatched;
    if (requestEvent.response !== undefined) return this.#filterResponse(requestEvent.response, request, type);

    const resolved = this.resolver.getController(request);
    if (resolved === undefined) {
      throw new NotFoundHttpException(`Unable to find the controller for path "${request.pathInfo}". The route is wrongly configured.`);
    }
    const controllerEvent = new ControllerEvent(this, resolved, request, type);
    dispatched = this.dispatcher.dispatch(controllerEvent, KernelEvents.CONTROLLER);
    if (isThenable(dispatched)) await dispatched;

    const args = this.argumentResolver.getArguments(request, controllerEvent.controller);
    const argumentsEvent = new ControllerArgumentsEvent(this, controllerEvent.controller, args, request, type);
    dispatched = this.dispatcher.dispatch(argumentsEvent, KernelEvents.CONTROLLER_ARGUMENTS);
    if (isThenable(dispatched)) await dispatched;

    let result = callController(argumentsEvent.controller, argumentsEvent.arguments);
    if (isThenable(result)) result = await result;
    if (result instanceof Response) return this.#filterResponse(result, request, type);

    const viewEvent = new ViewEvent(this, request, type, result);
    dispatched = this.dispatcher.dispatch(viewEvent, KernelEvents.VIEW);
    if (isThenable(dispatched)) await dispatched;
    if (viewEvent.response === undefined) throw notAResponse(result, argumentsEvent.controller);
    return this.#filterResponse(viewEvent.response, request, type);
  }

  /**
   * kernel.response then kernel.finish_request. Returns the response itself when both
   * dispatches were synchronous, so the common path costs no promise and no tick.
   */
  #filterResponse(response: Response, request: Request, type: RequestType): Response | Promise<Response> {
    const event = new ResponseEvent(this, request, type, response);
    const dispatched = this.dispatcher.dispatch(event, KernelEvents.RESPONSE);
    if (isThenable(dispatched)) return this.#finishAfter(dispatched, event, request, type);
    const finished = this.#finishRequest(request, type);
    return finished === undefined ? event.response : finished.then(() => event.response);
  }

  async #finishAfter(dispatched: PromiseLike<unknown>, event: ResponseEvent, request: Request, type: RequestType): Promise<Response> {
    await dispatched;
    await this.#finishRequest(request, type);
    return event.response;
  }

  #finishRequest(request: Request, type: RequestType): void | Promise<unknown> {
    const dispatched = this.dispatcher.dispatch(new FinishRequestEvent(this, request, type), KernelEvents.FINISH_REQUEST);
    return isThenable(dispatched) ? (dispatched as Promise<unknown>) : undefined;
  }

  async #handleThrowable(thrown: Error, request: Request, type: RequestType): Promise<Response> {
    const event = new ExceptionEvent(this, request, type, thrown);
    const dispatched = this.dispatcher.dispatch(event, KernelEvents.EXCEPTION);
    if (isThenable(dispatched)) await dispatched;
    const error = event.throwable;
    const response = event.response;
    if (response === undefined) {
      await this.#finishRequest(request, type);
      throw error;
    }
    if (!event.isAllowingCustomResponseCode() && !response.isClientError() && !response.isServerError() && !response.isRedirect()) {
      if (error instanceof HttpException) {
        response.setStatusCode(error.statusCode);
        for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
      } else {
        response.setStatusCode(500);
      }
    }
    try {
      return await this.#filterResponse(response, request, type);
    } catch {
      // a kernel.response listener failed on the error response: send it unfiltered
      return response;
    }
  }
}

function notAResponse(result: unknown, controller: Controller): ControllerDoesNotReturnResponseError {
  let message = `The controller must return a "Response" object but it returned ${describeValue(result)}.`;
  if (result === undefined || result === null) message += ' Did you forget to add a return statement somewhere in your controller?';
  const error = new ControllerDoesNotReturnResponseError(message);
  (error as { controller?: Controller }).controller = controller;
  return error;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return `an object of type ${value.constructor?.name ?? 'Object'}`;
  if (typeof value === 'string') return `a string ("${value.length > 40 ? `${value.slice(0, 37)}...` : value}")`;
  return `a ${typeof value} (${String(value)})`;
}
