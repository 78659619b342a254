import { context, trace, type Context, type Tracer } from '@opentelemetry/api';
import { recordFailure } from './span-failure.ts';
import type { Request } from '../http/request.ts';
import type { RequestStack } from '../http/request-stack.ts';
import { controllerName, type Controller } from '../controller/controller.ts';
import type { ControllerResolverInterface } from '../controller/controller-resolver.ts';
import { rememberedWrapping, wrapController } from '../controller/wrapped-controller.ts';
import { isThenable } from '../event-dispatcher/listener.ts';

/**
 * Decorates the controller resolver so that each controller call is a span, child of its
 * request's span, and runs in that span's context: the spans the application's
 * instrumentations make meanwhile (a PostgreSQL query, a Redis command, an outgoing
 * request) nest under it.
 */
export class TracingControllerResolver implements ControllerResolverInterface {
  readonly #inner: ControllerResolverInterface;
  readonly #tracer: Tracer;
  readonly #requestStack: RequestStack<Request>;
  readonly #contextOf: (request: Request) => Context | undefined;
  readonly #wrapped = rememberedWrapping((controller) => {
    const name = controllerName(controller);
    return wrapController(controller, (proceed, args) => this.#call(name, () => proceed(args)));
  });

  constructor(inner: ControllerResolverInterface, options: { tracer: Tracer; requestStack: RequestStack<Request>; contextOf: (request: Request) => Context | undefined }) {
    this.#inner = inner;
    this.#tracer = options.tracer;
    this.#requestStack = options.requestStack;
    this.#contextOf = options.contextOf;
  }

  getController(request: Request): Controller | undefined {
    const controller = this.#inner.getController(request);
    return controller === undefined ? undefined : this.#wrapped(controller);
  }

  #call(name: string, proceed: () => unknown): unknown {
    const request = this.#requestStack.getCurrentRequest();
    const parent = (request === undefined ? undefined : this.#contextOf(request)) ?? context.active();
    const span = this.#tracer.startSpan(name, { attributes: { 'code.function.name': name, 'sluice.phase': 'controller' } }, parent);
    const failed = (error: unknown): never => {
      recordFailure(span, error);
      span.end();
      throw error;
    };
    let result: unknown;
    try {
      result = context.with(trace.setSpan(parent, span), proceed);
    } catch (error) {
      return failed(error);
    }
    if (!isThenable(result)) {
      span.end();
      return result;
    }
    return result.then((value) => {
      span.end();
      return value;
    }, failed);
  }
}
