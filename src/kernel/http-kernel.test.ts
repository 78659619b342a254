import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HttpKernel } from './http-kernel.ts';
import { RequestType } from './request-type.ts';
import { KernelEvents } from './kernel-events.ts';
import { EventDispatcher } from '../event-dispatcher/event-dispatcher.ts';
import { RequestStack } from '../http/request-stack.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { ControllerRegistry } from '../controller/controller-registry.ts';
import { ControllerResolver } from '../controller/controller-resolver.ts';
import { ArgumentResolver } from '../controller/argument-resolver.ts';
import { declareArguments } from '../controller/argument-metadata.ts';
import { MethodNotAllowedHttpException } from '../exception/method-not-allowed-http-exception.ts';
import { SuspiciousOperationException } from '../http/exception/suspicious-operation-exception.ts';
import type { RequestEvent } from '../event/request-event.ts';
import type { ViewEvent } from '../event/view-event.ts';
import type { ExceptionEvent } from '../event/exception-event.ts';
import type { ControllerEvent } from '../event/controller-event.ts';
import type { ControllerArgumentsEvent } from '../event/controller-arguments-event.ts';

const allEvents = Object.values(KernelEvents);

function makeKernel(controller?: unknown): { kernel: HttpKernel; dispatcher: EventDispatcher; events: string[]; stack: RequestStack<Request> } {
  const dispatcher = new EventDispatcher();
  const events: string[] = [];
  for (const name of allEvents) dispatcher.addListener(name, () => { events.push(name); }, 10_000);
  const stack = new RequestStack<Request>();
  if (controller !== undefined) dispatcher.addListener(KernelEvents.REQUEST, (e: RequestEvent) => { e.request.attributes.set('_controller', controller); });
  const kernel = new HttpKernel(dispatcher, new ControllerResolver(new ControllerRegistry()), stack, new ArgumentResolver());
  return { kernel, dispatcher, events, stack };
}

describe('HttpKernel', () => {
  it('runs request, controller, controller_arguments, response and finish_request for a normal response', async () => {
    const { kernel, events } = makeKernel(() => new Response('hello'));
    const response = await kernel.handle(Request.create('/'));
    assert.equal(response.content, 'hello');
    assert.deepEqual(events, ['kernel.request', 'kernel.controller', 'kernel.controller_arguments', 'kernel.response', 'kernel.finish_request']);
  });

  it('skips the controller when a kernel.request listener sets a response', async () => {
    let called = false;
    const { kernel, dispatcher, events } = makeKernel(() => { called = true; return new Response(); });
    dispatcher.addListener(KernelEvents.REQUEST, (e: RequestEvent) => e.setResponse(new Response('early', 203)), 5_000);
    const response = await kernel.handle(Request.create('/'));
    assert.equal(response.statusCode, 203);
    assert.equal(called, false);
    assert.deepEqual(events, ['kernel.request', 'kernel.response', 'kernel.finish_request']);
  });

  it('turns a non-Response result into a response through kernel.view', async () => {
    const { kernel, dispatcher, events } = makeKernel(() => ({ name: 'Ada' }));
    dispatcher.addListener(KernelEvents.VIEW, (e: ViewEvent) => e.setResponse(new Response(JSON.stringify(e.controllerResult))));
    const response = await kernel.handle(Request.create('/'));
    assert.equal(response.content, '{"name":"Ada"}');
    assert.deepEqual(events, ['kernel.request', 'kernel.controller', 'kernel.controller_arguments', 'kernel.view', 'kernel.response', 'kernel.finish_request']);
  });

  it('names the fix when the controller returns nothing', async () => {
    const { kernel } = makeKernel(() => undefined);
    await assert.rejects(kernel.handle(Request.create('/'), RequestType.MAIN, false), (error: Error) => {
      assert.equal(error.message, 'The controller must return a "Response" object but it returned undefined. Did you forget to add a return statement somewhere in your controller?');
      return true;
    });
  });

  it('says what a controller returned that is not a response', async () => {
    const { kernel } = makeKernel(() => 42);
    await assert.rejects(kernel.handle(Request.create('/'), RequestType.MAIN, false), /but it returned a number \(42\)\.$/);
  });

  it('awaits an async controller', async () => {
    const { kernel } = makeKernel(async () => { await new Promise((r) => setTimeout(r, 2)); return new Response('later'); });
    assert.equal((await kernel.handle(Request.create('/'))).content, 'later');
  });

  it('gives an HttpException\'s status and headers to the response a kernel.exception listener sets', async () => {
    const { kernel, dispatcher, events } = makeKernel(() => { throw new MethodNotAllowedHttpException(['POST'], 'no'); });
    dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => e.setResponse(new Response('error page')));
    const response = await kernel.handle(Request.create('/'));
    assert.equal(response.statusCode, 405);
    assert.equal(response.headers.get('Allow'), 'POST');
    assert.deepEqual(events, ['kernel.request', 'kernel.controller', 'kernel.controller_arguments', 'kernel.exception', 'kernel.response', 'kernel.finish_request']);
  });

  it('gives any other error a 500', async () => {
    const { kernel, dispatcher } = makeKernel(() => { throw new TypeError('bug'); });
    dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => e.setResponse(new Response('error page')));
    assert.equal((await kernel.handle(Request.create('/'))).statusCode, 500);
  });

  it('keeps a status the listener chose when it allows a custom response code', async () => {
    const { kernel, dispatcher } = makeKernel(() => { throw new Error('x'); });
    dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => { e.allowCustomResponseCode(); e.setResponse(new Response('fine', 200)); });
    assert.equal((await kernel.handle(Request.create('/'))).statusCode, 200);
  });

  it('keeps a client-error status the listener set', async () => {
    const { kernel, dispatcher } = makeKernel(() => { throw new Error('x'); });
    dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => e.setResponse(new Response('teapot', 418)));
    assert.equal((await kernel.handle(Request.create('/'))).statusCode, 418);
  });

  it('rethrows when no kernel.exception listener answers, after finish_request', async () => {
    const { kernel, events } = makeKernel(() => { throw new Error('unhandled'); });
    await assert.rejects(kernel.handle(Request.create('/')), /unhandled/);
    assert.deepEqual(events.slice(-2), ['kernel.exception', 'kernel.finish_request']);
  });

  it('wraps a thrown non-Error value instead of losing it', async () => {
    let seen: Error | undefined;
    const { kernel, dispatcher } = makeKernel(() => { throw { code: 'E42' }; });
    dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => { seen = e.throwable; e.setResponse(new Response()); });
    await kernel.handle(Request.create('/'));
    assert.equal(seen?.name, 'ThrownValueError');
    assert.match(seen!.message, /A non-Error value was thrown: \{ code: 'E42' \}/);
    assert.deepEqual((seen as unknown as { value: unknown }).value, { code: 'E42' });
  });

  it('answers a request exception (bad Host) as a 400 Bad Request', async () => {
    let seen: Error | undefined;
    const { kernel, dispatcher } = makeKernel(() => { throw new SuspiciousOperationException('Invalid Host "a b".'); });
    dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => { seen = e.throwable; e.setResponse(new Response()); });
    const response = await kernel.handle(Request.create('/'));
    assert.equal(response.statusCode, 400);
    assert.equal(seen?.name, 'BadRequestHttpException');
    assert.ok(seen?.cause instanceof SuspiciousOperationException);
  });

  it('throws a 404 naming the path when no controller was set', async () => {
    const { kernel } = makeKernel();
    await assert.rejects(kernel.handle(Request.create('/nowhere'), RequestType.MAIN, false), {
      name: 'NotFoundHttpException',
      message: 'Unable to find the controller for path "/nowhere". The route is wrongly configured.',
    });
  });

  it('lets kernel.controller replace the controller and kernel.controller_arguments its arguments', async () => {
    const { kernel, dispatcher } = makeKernel(declareArguments((name: string) => new Response(`original ${name}`), { name: String }));
    dispatcher.addListener(KernelEvents.CONTROLLER, (e: ControllerEvent) => e.setController(declareArguments((name: string) => new Response(`replaced ${name}`), { name: String })));
    dispatcher.addListener(KernelEvents.CONTROLLER_ARGUMENTS, (e: ControllerArgumentsEvent) => e.setArguments(['Grace']));
    const request = Request.create('/');
    request.attributes.set('name', 'Ada');
    assert.equal((await kernel.handle(request)).content, 'replaced Grace');
  });

  it('handles a sub-request through the same events with the request on the stack', async () => {
    const { kernel, dispatcher, events, stack } = makeKernel();
    const seen: Array<{ type: number; depth: number; parent: boolean }> = [];
    dispatcher.addListener(KernelEvents.REQUEST, (e: RequestEvent) => {
      seen.push({ type: e.requestType, depth: stack.depth, parent: stack.getParentRequest() !== undefined });
      e.request.attributes.set('_controller', e.isMainRequest()
        ? async () => (await kernel.handle(Request.create('/sub'), RequestType.SUB)).content === 'sub' ? new Response('main') : new Response('?')
        : () => new Response('sub'));
    });
    const response = await kernel.handle(Request.create('/'));
    assert.equal(response.content, 'main');
    assert.deepEqual(seen, [{ type: 1, depth: 1, parent: false }, { type: 2, depth: 2, parent: true }]);
    assert.equal(events.filter((e) => e === 'kernel.request').length, 2);
    assert.equal(stack.depth, 0);
  });

  it('dispatches kernel.terminate only when asked, after handling', async () => {
    const { kernel, events } = makeKernel(() => new Response());
    const request = Request.create('/');
    const response = await kernel.handle(request);
    assert.ok(!events.includes('kernel.terminate'));
    await kernel.terminate(request, response);
    assert.equal(events.at(-1), 'kernel.terminate');
  });

  it('keeps concurrent main requests on separate stacks', async () => {
    const { kernel, dispatcher, stack } = makeKernel();
    dispatcher.addListener(KernelEvents.REQUEST, (e: RequestEvent) => {
      e.request.attributes.set('_controller', declareArguments(async (request: Request) => {
        await new Promise((r) => setTimeout(r, request.rawPath === '/a' ? 10 : 1));
        return new Response(stack.getCurrentRequest() === request ? 'own' : 'mixed');
      }, { request: Request }));
    });
    const [a, b] = await Promise.all([kernel.handle(Request.create('/a')), kernel.handle(Request.create('/b'))]);
    assert.deepEqual([a.content, b.content], ['own', 'own']);
  });
});

describe('HttpKernel#respond', () => {
  it('answers with the response itself when every listener and the controller are synchronous', () => {
    const { kernel, events } = makeKernel(() => new Response('now'));
    const answer = kernel.respond(Request.create('/'));
    assert.ok(answer instanceof Response, 'no promise');
    assert.equal(answer.content, 'now');
    assert.deepEqual(events, ['kernel.request', 'kernel.controller', 'kernel.controller_arguments', 'kernel.response', 'kernel.finish_request']);
  });

  it('renders an error synchronously when kernel.exception answers synchronously', () => {
    const { kernel, dispatcher, events } = makeKernel(() => {
      throw new Error('broken');
    });
    dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => e.setResponse(new Response(`error page: ${e.throwable.message}`)));
    const answer = kernel.respond(Request.create('/'));
    assert.ok(answer instanceof Response);
    assert.equal(answer.statusCode, 500);
    assert.equal(answer.content, 'error page: broken');
    assert.deepEqual(events, ['kernel.request', 'kernel.controller', 'kernel.controller_arguments', 'kernel.exception', 'kernel.response', 'kernel.finish_request']);
  });

  it('treats a kernel.request failed with RequestEvent#fail as one that threw: later listeners skipped, kernel.exception answers', () => {
    const { kernel, dispatcher, events } = makeKernel(() => new Response('never'));
    const notFound = new Error('No route found');
    const later: string[] = [];
    dispatcher.addListener(KernelEvents.REQUEST, (e: RequestEvent) => e.fail(notFound), 5_000);
    dispatcher.addListener(KernelEvents.REQUEST, () => void later.push('ran'), 1_000);
    dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => e.setResponse(new Response(`page for ${e.throwable === notFound ? 'the failure' : 'something else'}`)));
    const answer = kernel.respond(Request.create('/'));
    assert.ok(answer instanceof Response, 'still synchronous');
    assert.equal(answer.statusCode, 500);
    assert.equal(answer.content, 'page for the failure');
    assert.deepEqual(later, []);
    assert.deepEqual(events, ['kernel.request', 'kernel.exception', 'kernel.response', 'kernel.finish_request']);
    assert.throws(() => kernel.respond(Request.create('/'), RequestType.MAIN, false), (error) => error === notFound);
  });

  it('treats RequestEvent#fail after an asynchronous kernel.request listener the same way', async () => {
    const { kernel, dispatcher } = makeKernel(() => new Response('never'));
    const failure = new Error('refused');
    dispatcher.addListener(KernelEvents.REQUEST, async () => { await new Promise((resolve) => setImmediate(resolve)); }, 6_000);
    dispatcher.addListener(KernelEvents.REQUEST, (e: RequestEvent) => e.fail(failure), 5_000);
    await assert.rejects(Promise.resolve(kernel.respond(Request.create('/'), RequestType.MAIN, false)), (error) => error === failure);
    dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => e.setResponse(new Response(e.throwable.message, 403)));
    const response = await kernel.respond(Request.create('/'));
    assert.equal(response.statusCode, 403);
    assert.equal(response.content, 'refused');
  });

  it('throws at once without catchErrors, after kernel.finish_request', () => {
    const { kernel, events } = makeKernel(() => {
      throw new Error('broken');
    });
    assert.throws(() => kernel.respond(Request.create('/'), RequestType.MAIN, false), /broken/);
    assert.deepEqual(events, ['kernel.request', 'kernel.controller', 'kernel.controller_arguments', 'kernel.finish_request']);
  });

  it('follows a promise from any step, in the same order, with the request still current', async () => {
    const { kernel, dispatcher, events, stack } = makeKernel(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return new Response('later');
    });
    const seenInResponse: Array<Request | undefined> = [];
    dispatcher.addListener(KernelEvents.CONTROLLER, async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
    dispatcher.addListener(KernelEvents.RESPONSE, () => {
      seenInResponse.push(stack.getCurrentRequest());
    });
    const request = Request.create('/');
    const answer = kernel.respond(request);
    assert.ok(answer instanceof Promise);
    const response = await answer;
    assert.equal(response.content, 'later');
    assert.deepEqual(events, ['kernel.request', 'kernel.controller', 'kernel.controller_arguments', 'kernel.response', 'kernel.finish_request']);
    assert.deepEqual(seenInResponse, [request]);
    assert.equal(stack.getCurrentRequest(), undefined, 'the stack ends with the handling');
  });

  it('turns an asynchronous failure into the error response', async () => {
    const { kernel, dispatcher } = makeKernel(async () => {
      throw new Error('later failure');
    });
    dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => e.setResponse(new Response(e.throwable.message)));
    const response = await kernel.respond(Request.create('/'));
    assert.equal(response.statusCode, 500);
    assert.equal(response.content, 'later failure');
  });

  it('waits for an asynchronous kernel.response or kernel.finish_request before answering, in order', async () => {
    const later = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    for (const slow of [KernelEvents.RESPONSE, KernelEvents.FINISH_REQUEST]) {
      const { kernel, dispatcher, events } = makeKernel(() => new Response('body'));
      dispatcher.addListener(slow, async () => { await later(); events.push(`${slow} done`); });
      const answer = kernel.respond(Request.create('/'));
      assert.ok(answer instanceof Promise, slow);
      assert.equal((await answer).content, 'body');
      assert.deepEqual(events.slice(-3), slow === KernelEvents.RESPONSE
        ? ['kernel.response', 'kernel.response done', 'kernel.finish_request']
        : ['kernel.response', 'kernel.finish_request', 'kernel.finish_request done']);
    }
  });

  it('handles an error whose kernel.exception, kernel.response or kernel.finish_request listener is asynchronous as a synchronous one', async () => {
    const later = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
    for (const slow of [KernelEvents.EXCEPTION, KernelEvents.RESPONSE, KernelEvents.FINISH_REQUEST]) {
      const { kernel, dispatcher, events } = makeKernel(() => { throw new MethodNotAllowedHttpException(['POST'], 'no'); });
      dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => e.setResponse(new Response('error page')));
      // before the error page's listener: setting a response stops kernel.exception's propagation
      dispatcher.addListener(slow, async () => { await later(); }, 1);
      const answer = kernel.respond(Request.create('/'));
      assert.ok(answer instanceof Promise, slow);
      const response = await answer;
      assert.equal(response.statusCode, 405, slow);
      assert.equal(response.headers.get('Allow'), 'POST');
      assert.deepEqual(events, ['kernel.request', 'kernel.controller', 'kernel.controller_arguments', 'kernel.exception', 'kernel.response', 'kernel.finish_request'], slow);
    }
  });

  it('sends the error response unfiltered when a kernel.response listener fails on it, at once or later', async () => {
    for (const failing of [() => { throw new Error('filter broke'); }, async () => { await Promise.resolve(); throw new Error('filter broke later'); }]) {
      const { kernel, dispatcher } = makeKernel(() => { throw new Error('broken'); });
      dispatcher.addListener(KernelEvents.EXCEPTION, (e: ExceptionEvent) => e.setResponse(new Response('error page')));
      dispatcher.addListener(KernelEvents.RESPONSE, failing);
      const response = await kernel.respond(Request.create('/'));
      assert.equal(response.statusCode, 500);
      assert.equal(response.content, 'error page');
    }
  });

  it('rethrows an error no kernel.exception listener answers after an asynchronous kernel.finish_request, with or without catchErrors', async () => {
    for (const catchErrors of [true, false]) {
      const { kernel, dispatcher, events } = makeKernel(() => { throw new Error('unhandled'); });
      dispatcher.addListener(KernelEvents.FINISH_REQUEST, async () => { await Promise.resolve(); events.push('finished'); });
      const answer = kernel.respond(Request.create('/'), RequestType.MAIN, catchErrors);
      assert.ok(answer instanceof Promise);
      await assert.rejects(answer, /unhandled/);
      assert.deepEqual(events.slice(-2), ['kernel.finish_request', 'finished']);
    }
  });

  it('answers an uncaught error of a main request through kernel.exception, synchronous listeners or not', async () => {
    for (const slow of [false, true]) {
      const { kernel, dispatcher, events } = makeKernel();
      dispatcher.addListener(KernelEvents.EXCEPTION, async (e: ExceptionEvent) => {
        if (slow) await Promise.resolve();
        e.setResponse(new Response(`page for ${e.throwable.message}`));
      });
      const response = await kernel.handleUncaughtException(new Error('timer threw'), Request.create('/'));
      assert.equal(response.statusCode, 500);
      assert.equal(response.content, 'page for timer threw');
      assert.deepEqual(events, ['kernel.exception', 'kernel.response', 'kernel.finish_request']);
    }
  });

  it('pops a sub-request off the stack whether it answered synchronously or not', async () => {
    const { kernel, stack } = makeKernel(() => new Response('sub'));
    const main = Request.create('/');
    await stack.runMain(main, async () => {
      const sync = kernel.respond(Request.create('/sub'), RequestType.SUB);
      assert.ok(sync instanceof Response);
      assert.equal(stack.getCurrentRequest(), main);
    });
  });
});
