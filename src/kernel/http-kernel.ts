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
import { settleArguments } from '../controller/deferred-argument.ts';
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
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';

/**
 * Turns a request into a response by dispatching the kernel events in the reference's
 * order.
 *
 * The pipeline is synchronous until something in it is not: each step looks at what
 * the dispatch, the controller or the error handling returned, goes on at once when it
 * is a value, and chains the rest of the pipeline on the promise only when one came
 * back. A request whose listeners and controller are all synchronous makes no promise,
 * no microtask and no async context switch ({@link HttpKernel.respond}); `handle` gives
 * the same answer as a promise.
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
    return asPromise(() => this.respond(request, type, catchErrors));
  }

  /**
   * `handle` without the promise when none is needed: the response itself when the whole
   * pipeline ran synchronously, a promise of it otherwise. Without `catchErrors` an error
   * is thrown, or the promise rejects, as it happened.
   */
  respond(request: Request, type: RequestType = RequestType.MAIN, catchErrors = true): MaybePromise<Response> {
    // A main request gets its own request stack for every await of its handling; it
    // ends with the handling, so kernel.terminate (after the send) sees no request.
    if (type === RequestType.MAIN && this.requestStack.depth === 0) {
      return this.requestStack.runMain(request, () => this.#handle(request, type, catchErrors));
    }
    this.requestStack.push(request);
    let answer: MaybePromise<Response>;
    try {
      answer = this.#handle(request, type, catchErrors);
    } catch (error) {
      this.requestStack.pop();
      throw error;
    }
    if (!isThenable(answer)) {
      this.requestStack.pop();
      return answer;
    }
    const pop = (): void => void this.requestStack.pop();
    return answer.finally(pop);
  }

  #handle(request: Request, type: RequestType, catchErrors: boolean): MaybePromise<Response> {
    let answer: MaybePromise<Response> | HandlingFailure;
    try {
      answer = this.#handleRaw(request, type);
    } catch (thrown) {
      return this.#failed(thrown, request, type, catchErrors);
    }
    if (answer instanceof HandlingFailure) return this.#failed(answer.error, request, type, catchErrors);
    if (!isThenable(answer)) return answer;
    return answer.then(undefined, (thrown: unknown) => this.#failed(thrown, request, type, catchErrors));
  }

  /** An error out of the pipeline: kernel.exception's response, or (without catchErrors) the error after kernel.finish_request. */
  #failed(thrown: unknown, request: Request, type: RequestType, catchErrors: boolean): MaybePromise<Response> {
    let error = toError(thrown);
    if (error instanceof RequestException) error = new BadRequestHttpException(error.message, { cause: error });
    if (catchErrors) return this.#handleThrowable(error, request, type);
    return this.#finishThenThrow(error, request, type);
  }

  /** kernel.finish_request for a request that ends in an error, then the error itself. */
  #finishThenThrow(error: Error, request: Request, type: RequestType): Promise<never> {
    const finished = this.#finishRequest(request, type);
    if (finished === undefined) throw error;
    return finished.then(() => {
      throw error;
    });
  }

  /** Runs kernel.terminate, after the response has been sent. Main requests only. */
  terminate(request: Request, response: Response): void | Promise<void> {
    const event = new TerminateEvent(this, request, response);
    const dispatched = this.dispatcher.dispatch(event, KernelEvents.TERMINATE);
    if (wentAsync(dispatched, event)) return Promise.resolve(dispatched).then(ignore);
  }

  /**
   * Answers a main request whose handling an error thrown outside it cut short (an
   * uncaught exception in a callback the controller started): kernel.exception, then
   * kernel.response and kernel.finish_request, as for an error the handling threw. The
   * reference's terminateWithException, minus the sending, which is the server's.
   */
  handleUncaughtException(error: Error, request: Request): Promise<Response> {
    return asPromise(() => this.#handleThrowable(error, request, RequestType.MAIN));
  }

  #handleRaw(request: Request, type: RequestType): MaybePromise<Response> | HandlingFailure {
    const event = new RequestEvent(this, request, type);
    const dispatched = this.dispatcher.dispatch(event, KernelEvents.REQUEST);
    if (wentAsync(dispatched, event)) return then(dispatched, () => this.#afterRequest(event, request, type));
    if (event.failure !== undefined) return new HandlingFailure(event.failure);
    return this.#afterRequest(event, request, type);
  }

  #afterRequest(requestEvent: RequestEvent, request: Request, type: RequestType): MaybePromise<Response> {
    if (requestEvent.failure !== undefined) throw requestEvent.failure;
    if (requestEvent.response !== undefined) return this.#filterResponse(requestEvent.response, request, type);
    const resolved = this.resolver.getController(request);
    if (resolved === undefined) {
      throw new NotFoundHttpException(`Unable to find the controller for path "${request.pathInfo}". The route is wrongly configured.`);
    }
    const event = new ControllerEvent(this, resolved, request, type);
    const dispatched = this.dispatcher.dispatch(event, KernelEvents.CONTROLLER);
    if (wentAsync(dispatched, event)) return then(dispatched, () => this.#afterController(event, request, type));
    return this.#afterController(event, request, type);
  }

  #afterController(controllerEvent: ControllerEvent, request: Request, type: RequestType): MaybePromise<Response> {
    const args = this.argumentResolver.getArguments(request, controllerEvent.controller);
    const event = new ControllerArgumentsEvent(this, controllerEvent.controller, args, request, type);
    const dispatched = this.dispatcher.dispatch(event, KernelEvents.CONTROLLER_ARGUMENTS);
    if (wentAsync(dispatched, event)) return then(dispatched, () => this.#callController(event, request, type));
    return this.#callController(event, request, type);
  }

  #callController(event: ControllerArgumentsEvent, request: Request, type: RequestType): MaybePromise<Response> {
    const args = settleArguments(event.arguments, request);
    if (isThenable(args)) return then(args, (settled) => this.#call(event.controller, settled as unknown[], request, type));
    return this.#call(event.controller, args, request, type);
  }

  #call(controller: Controller, args: unknown[], request: Request, type: RequestType): MaybePromise<Response> {
    const result = callController(controller, args);
    if (isThenable(result)) return then(result, (value) => this.#afterCall(value, controller, request, type));
    return this.#afterCall(result, controller, request, type);
  }

  #afterCall(result: unknown, controller: Controller, request: Request, type: RequestType): MaybePromise<Response> {
    if (result instanceof Response) return this.#filterResponse(result, request, type);
    const event = new ViewEvent(this, request, type, result);
    const dispatched = this.dispatcher.dispatch(event, KernelEvents.VIEW);
    if (wentAsync(dispatched, event)) return then(dispatched, () => this.#afterView(event, result, controller, request, type));
    return this.#afterView(event, result, controller, request, type);
  }

  #afterView(event: ViewEvent, result: unknown, controller: Controller, request: Request, type: RequestType): MaybePromise<Response> {
    if (event.response === undefined) throw notAResponse(result, controller);
    return this.#filterResponse(event.response, request, type);
  }

  /** kernel.response then kernel.finish_request. */
  #filterResponse(response: Response, request: Request, type: RequestType): MaybePromise<Response> {
    const event = new ResponseEvent(this, request, type, response);
    const dispatched = this.dispatcher.dispatch(event, KernelEvents.RESPONSE);
    if (wentAsync(dispatched, event)) return then(dispatched, () => this.#finishWith(event, request, type));
    return this.#finishWith(event, request, type);
  }

  #finishWith(event: ResponseEvent, request: Request, type: RequestType): MaybePromise<Response> {
    const finished = this.#finishRequest(request, type);
    return finished === undefined ? event.response : finished.then(() => event.response);
  }

  #finishRequest(request: Request, type: RequestType): undefined | Promise<unknown> {
    const event = new FinishRequestEvent(this, request, type);
    const dispatched = this.dispatcher.dispatch(event, KernelEvents.FINISH_REQUEST);
    return wentAsync(dispatched, event) ? Promise.resolve(dispatched) : undefined;
  }

  #handleThrowable(thrown: Error, request: Request, type: RequestType): MaybePromise<Response> {
    const event = new ExceptionEvent(this, request, type, thrown);
    const dispatched = this.dispatcher.dispatch(event, KernelEvents.EXCEPTION);
    if (wentAsync(dispatched, event)) return then(dispatched, () => this.#afterException(event, request, type));
    return this.#afterException(event, request, type);
  }

  #afterException(event: ExceptionEvent, request: Request, type: RequestType): MaybePromise<Response> {
    const error = event.throwable;
    const response = event.response;
    if (response === undefined) return this.#finishThenThrow(error, request, type);
    if (!event.isAllowingCustomResponseCode() && !response.isClientError() && !response.isServerError() && !response.isRedirect()) {
      if (error instanceof HttpException) {
        response.setStatusCode(error.statusCode);
        for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
      } else {
        response.setStatusCode(500);
      }
    }
    // A kernel.response listener that fails on the error response: it is sent unfiltered.
    let filtered: MaybePromise<Response>;
    try {
      filtered = this.#filterResponse(response, request, type);
    } catch {
      return response;
    }
    return isThenable(filtered) ? filtered.then(undefined, () => response) : filtered;
  }
}

/** kernel.request ended by a listener's `RequestEvent#fail`: handled as if it had thrown the error. */
class HandlingFailure {
  readonly error: Error;

  constructor(error: Error) {
    this.error = error;
  }
}

/**
 * Whether a dispatch went asynchronous. A synchronous one gives the event back: comparing
 * first spares a `then` lookup (missing, so a walk of the prototype chain) on objects of
 * seven event classes.
 */
function wentAsync<E>(dispatched: E | Promise<E>, event: E): dispatched is Promise<E> {
  return dispatched !== event && isThenable(dispatched);
}

/** The rest of the pipeline once `pending` settles; its rejection stays a rejection. */
function then<T>(pending: PromiseLike<unknown>, next: (value: unknown) => MaybePromise<T>): Promise<T> {
  return Promise.resolve(pending).then(next);
}

/** A step's answer as a promise: its value, its promise, or what it threw as a rejection. */
function asPromise<T>(step: () => MaybePromise<T>): Promise<T> {
  try {
    return Promise.resolve(step());
  } catch (error) {
    return Promise.reject(error);
  }
}

function ignore(): void {}

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
