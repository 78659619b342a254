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
import { KernelRequestEvent } from '../event/request-event.ts';
import { KernelControllerEvent } from '../event/controller-event.ts';
import { KernelControllerArgumentsEvent } from '../event/controller-arguments-event.ts';
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
import { runSteps, type Steps } from './run-steps.ts';

/**
 * Turns a request into a response by dispatching the kernel events in the reference's
 * order: `#handle` reads from kernel.request to kernel.finish_request, with the error
 * path (`#handleThrowable`) beside it.
 *
 * The pipeline is a generator run by `runSteps`: a step (a dispatch, the arguments, the
 * controller) that returns a promise is waited for by a `yield`, and one that returns a
 * value goes on at once, so a request whose listeners and controller are all synchronous
 * runs in one go and makes no promise, no microtask and no async context switch
 * ({@link HttpKernel.respond}); after the first promise, the rest follows it in the same order.
 * `handle` gives the same answer as a promise.
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
      return this.requestStack.runMain(request, () => runSteps(this.#handle(request, type, catchErrors)));
    }
    this.requestStack.push(request);
    let answer: MaybePromise<Response>;
    try {
      answer = runSteps(this.#handle(request, type, catchErrors));
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

  /**
   * The whole handling of one request, in the reference's order. A step that returned a
   * promise (a dispatch, the arguments, the controller) is waited for by a `yield` (see
   * runSteps); one that did not goes on at once. A kernel.request listener may end the request
   * with an error (`RequestEvent#fail`, the prod 404): it is handled as if thrown, without
   * the cost of a throw.
   */
  *#handle(request: Request, type: RequestType, catchErrors: boolean): Steps<Response> {
    let failure: unknown;
    try {
      const requestEvent = new KernelRequestEvent(this, request, type);
      let pending = this.#dispatch(requestEvent, KernelEvents.REQUEST);
      if (pending !== undefined) yield pending;
      failure = requestEvent.failure;
      if (failure === undefined) {
        // a kernel.request listener's response skips the controller
        let response = requestEvent.response;
        if (response === undefined) {
          const resolved = this.resolver.getController(request);
          if (resolved === undefined) {
            throw new NotFoundHttpException(`Unable to find the controller for path "${request.pathInfo}". The route is wrongly configured.`);
          }
          const controllerEvent = new KernelControllerEvent(this, resolved, request, type);
          pending = this.#dispatch(controllerEvent, KernelEvents.CONTROLLER);
          if (pending !== undefined) yield pending;

          const resolvedArgs = this.argumentResolver.getArguments(request, controllerEvent.controller);
          const argumentsEvent = new KernelControllerArgumentsEvent(this, controllerEvent.controller, resolvedArgs, request, type);
          pending = this.#dispatch(argumentsEvent, KernelEvents.CONTROLLER_ARGUMENTS);
          if (pending !== undefined) yield pending;

          const controller = argumentsEvent.controller;
          let args = settleArguments(argumentsEvent.arguments, request);
          if (isThenable(args)) args = (yield args) as unknown[];
          let result = callController(controller, args);
          if (isThenable(result)) result = yield result;
          if (result instanceof Response) {
            response = result;
          } else {
            const viewEvent = new ViewEvent(this, request, type, result);
            pending = this.#dispatch(viewEvent, KernelEvents.VIEW);
            if (pending !== undefined) yield pending;
            if (viewEvent.response === undefined) throw notAResponse(result, controller);
            response = viewEvent.response;
          }
        }
        const filtered = this.#filterResponse(response, request, type);
        return filtered instanceof Pending ? yield* filtered.steps : filtered;
      }
    } catch (thrown) {
      failure = thrown;
    }
    let error = toError(failure);
    if (error instanceof RequestException) error = new BadRequestHttpException(error.message, { cause: error });
    if (!catchErrors) return yield* this.#finishRequestThenThrow(error, request, type).steps;
    const answered = this.#handleThrowable(error, request, type);
    return answered instanceof Pending ? yield* answered.steps : answered;
  }

  /**
   * kernel.response, then kernel.finish_request: the response when both dispatches ran
   * synchronously, else the steps that wait for them. A plain method, not a generator, so
   * that a synchronous request makes no generator for it (see Pending).
   */
  #filterResponse(response: Response, request: Request, type: RequestType): Response | Pending<Response> {
    const event = new ResponseEvent(this, request, type, response);
    const pending = this.#dispatch(event, KernelEvents.RESPONSE);
    if (pending !== undefined) return new Pending(this.#filterResponseAfter(pending, event, request, type));
    const finishing = this.#dispatch(new FinishRequestEvent(this, request, type), KernelEvents.FINISH_REQUEST);
    if (finishing !== undefined) return new Pending(responseAfter(finishing, event));
    return event.response;
  }

  /** The rest of #filterResponse once kernel.response's listeners returned a promise. */
  *#filterResponseAfter(pending: PromiseLike<unknown>, event: ResponseEvent, request: Request, type: RequestType): Steps<Response> {
    yield pending;
    const finishing = this.#dispatch(new FinishRequestEvent(this, request, type), KernelEvents.FINISH_REQUEST);
    if (finishing !== undefined) yield finishing;
    return event.response;
  }

  /**
   * kernel.finish_request for a request that ends in an error, then the error itself:
   * thrown here when the dispatch ran synchronously, else by the steps after it.
   */
  #finishRequestThenThrow(error: Error, request: Request, type: RequestType): Pending<never> {
    const pending = this.#dispatch(new FinishRequestEvent(this, request, type), KernelEvents.FINISH_REQUEST);
    if (pending === undefined) throw error;
    return new Pending(throwAfter(pending, error));
  }

  /**
   * kernel.exception: the response a listener set (the error page) gets the error's status
   * unless a listener allowed its own, then kernel.response and kernel.finish_request.
   * When no listener set one, the error goes on after kernel.finish_request. Synchronous
   * as far as the listeners are, as #filterResponse.
   */
  #handleThrowable(thrown: Error, request: Request, type: RequestType): Response | Pending<Response> {
    const event = new ExceptionEvent(this, request, type, thrown);
    const pending = this.#dispatch(event, KernelEvents.EXCEPTION);
    if (pending !== undefined) return new Pending(this.#handleThrowableAfter(pending, event, request, type));
    return this.#answerThrowable(event, request, type);
  }

  /** The rest of #handleThrowable once kernel.exception's listeners returned a promise. */
  *#handleThrowableAfter(pending: PromiseLike<unknown>, event: ExceptionEvent, request: Request, type: RequestType): Steps<Response> {
    yield pending;
    const answered = this.#answerThrowable(event, request, type);
    return answered instanceof Pending ? yield* answered.steps : answered;
  }

  /** What follows kernel.exception: the response's status, then the response filtered, or the error after kernel.finish_request. */
  #answerThrowable(event: ExceptionEvent, request: Request, type: RequestType): Response | Pending<Response> {
    const error = event.throwable;
    const response = event.response;
    if (response === undefined) return this.#finishRequestThenThrow(error, request, type);
    if (!event.isAllowingCustomResponseCode() && !response.isClientError() && !response.isServerError() && !response.isRedirect()) {
      if (error instanceof HttpException) {
        response.setStatusCode(error.statusCode);
        for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
      } else {
        response.setStatusCode(500);
      }
    }
    let filtered: Response | Pending<Response>;
    try {
      filtered = this.#filterResponse(response, request, type);
    } catch {
      // a kernel.response listener that fails on the error response: it is sent unfiltered
      return response;
    }
    return filtered instanceof Pending ? new Pending(unfilteredOnFailure(filtered.steps, response)) : filtered;
  }

  /** Dispatches `event`: undefined when its listeners ran synchronously (the dispatcher gave the event back), else what to wait for. */
  #dispatch(event: object, eventName: string): PromiseLike<unknown> | undefined {
    const dispatched = this.dispatcher.dispatch(event, eventName);
    return dispatched === event || !isThenable(dispatched) ? undefined : dispatched;
  }

  /** Runs kernel.terminate, after the response has been sent. Main requests only. */
  terminate(request: Request, response: Response): void | Promise<void> {
    const pending = this.#dispatch(new TerminateEvent(this, request, response), KernelEvents.TERMINATE);
    if (pending !== undefined) return Promise.resolve(pending).then(ignore);
  }

  /**
   * Answers a main request whose handling an error thrown outside it cut short (an
   * uncaught exception in a callback the controller started): kernel.exception, then
   * kernel.response and kernel.finish_request, as for an error the handling threw. The
   * reference's terminateWithException, minus the sending, which is the server's.
   */
  handleUncaughtException(error: Error, request: Request): Promise<Response> {
    return asPromise(() => {
      const answered = this.#handleThrowable(error, request, RequestType.MAIN);
      return answered instanceof Pending ? runSteps(answered.steps) : answered;
    });
  }
}

/**
 * Steps still to run, from a part of the pipeline that is a plain method (so that a
 * synchronous request makes no generator for it) once one of its dispatches returned a
 * promise: the caller runs them with `yield*`. A class of its own, told apart from the
 * response by `instanceof`, whatever a listener set as the response.
 */
class Pending<T> {
  readonly steps: Steps<T>;

  constructor(steps: Steps<T>) {
    this.steps = steps;
  }
}

/** The event's response once `pending` settled (kernel.finish_request's listeners). */
function* responseAfter(pending: PromiseLike<unknown>, event: ResponseEvent): Steps<Response> {
  yield pending;
  return event.response;
}

/** `error`, thrown once `pending` settled (kernel.finish_request's listeners). */
function* throwAfter(pending: PromiseLike<unknown>, error: Error): Steps<never> {
  yield pending;
  throw error;
}

/** The error response's filtering; the response unfiltered if a kernel.response listener fails on it. */
function* unfilteredOnFailure(steps: Steps<Response>, response: Response): Steps<Response> {
  try {
    return yield* steps;
  } catch {
    return response;
  }
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
