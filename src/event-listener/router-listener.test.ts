import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { RequestStack } from '../http/request-stack.ts';
import { RequestEvent } from '../event/request-event.ts';
import { FinishRequestEvent } from '../event/finish-request-event.ts';
import { ExceptionEvent } from '../event/exception-event.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import { NoConfigurationException } from '../routing/exception/no-configuration-exception.ts';
import { ResourceNotFoundException } from '../routing/exception/resource-not-found-exception.ts';
import { MethodNotAllowedException } from '../routing/exception/method-not-allowed-exception.ts';
import { MethodNotAllowedHttpException } from '../exception/method-not-allowed-http-exception.ts';
import { MatchFailure } from '../routing/match-failure.ts';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { RequestContextStore } from './request-context-store.ts';
import { RouterListener, type RequestMatcher } from './router-listener.ts';
import { failMissingRoute, throwMissingRoute } from './router-listener.ts';
import { throwableClassName } from '../log/throwable-location.ts';
import { TestHandler } from '../log/test-handler.ts';
import { Logger } from '../log/logger.ts';
import { LazyLogValue } from '../log/lazy-log-value.ts';

const kernel: HttpKernelInterface = { handle: async () => new Response() };

function listener(matcher: RequestMatcher = { matchRequest: () => ({ _route: 'home', _controller: 'Home::index' }) }, debug = true) {
  const stack = new RequestStack<Request>();
  const contexts = new RequestContextStore(stack);
  const options = debug ? { missingRoute: throwMissingRoute, welcomePage: true } : { missingRoute: failMissingRoute };
  return { listener: new RouterListener(matcher, contexts, undefined, options), contexts };
}

const noRoutesAtAll = new NotFoundHttpException('No route found for "GET /"', { cause: new NoConfigurationException() });

describe('RouterListener', () => {
  it('sets the matched route, controller and parameters on the request', () => {
    const { listener: router } = listener({ matchRequest: () => ({ _route: 'event', _controller: 'EventController::show', id: '42' }) });
    const request = Request.create('/events/42');
    router.onKernelRequest(new RequestEvent(kernel, request, RequestType.MAIN));
    assert.equal(request.attributes.get('_route'), 'event');
    assert.deepEqual(request.attributes.get('_route_params'), { id: '42' });
  });

  it('sets the own enumerable parameters alone, in their order, whatever object the matcher answers with', () => {
    const parameters = Object.assign(Object.create({ inherited: 'no' }) as Record<string, unknown>, { _route: 'event', _controller: 'EventController::show', 2: 'two', id: '42', slug: 'a' });
    Object.defineProperty(parameters, 'hidden', { value: 'no', enumerable: false });
    const { listener: router } = listener({ matchRequest: () => parameters });
    const request = Request.create('/events/42');
    router.onKernelRequest(new RequestEvent(kernel, request, RequestType.MAIN));
    assert.deepEqual(request.attributes.keys(), ['2', '_route', '_controller', 'id', 'slug', '_route_params']);
    assert.deepEqual(Object.entries(request.attributes.get('_route_params') as object), [['2', 'two'], ['id', '42'], ['slug', 'a']]);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { _route: 'bare', _controller: 'Bare::index', x: '1' });
    const other = Request.create('/bare');
    listener({ matchRequest: () => bare }).listener.onKernelRequest(new RequestEvent(kernel, other, RequestType.MAIN));
    assert.deepEqual(other.attributes.keys(), ['_route', '_controller', 'x', '_route_params']);
  });

  it('logs the match with the route, its parameters, the method, and the URI worked out when the entry is read', () => {
    const handler = new TestHandler();
    const parameters = { _route: 'event', _controller: 'EventController::show', id: '42' };
    const router = new RouterListener({ matchRequest: () => parameters }, new RequestContextStore(new RequestStack<Request>()), new Logger('request', [handler]));
    const request = Request.create('http://example.com/events/42?x=1');
    router.onKernelRequest(new RequestEvent(kernel, request, RequestType.MAIN));
    const [record] = handler.records;
    assert.equal(handler.records.length, 1);
    assert.equal(record?.level, 'INFO');
    assert.equal(record?.channel, 'request');
    assert.equal(record?.message, 'Matched route "{route}".');
    assert.deepEqual(Object.keys(record?.context ?? {}), ['route', 'route_parameters', 'request_uri', 'method']);
    assert.equal(record?.context['route'], 'event');
    assert.equal(record?.context['route_parameters'], parameters);
    assert.equal(record?.context['method'], 'GET');
    const uri = record?.context['request_uri'];
    assert.ok(uri instanceof LazyLogValue);
    assert.equal(uri.value, 'http://example.com/events/42?x=1');
    assert.equal(JSON.stringify(uri), '"http://example.com/events/42?x=1"');
  });

  it('turns a failure the router answers as a value into the 404, the router\'s exception as its cause: thrown in debug, failing the event in prod', () => {
    const matcher: RequestMatcher = {
      matchRequest: () => assert.fail('resolveRequest is preferred'),
      resolveRequest: () => MatchFailure.notFound('/missing'),
    };
    const request = (): Request => Request.create('/missing', 'GET', { headers: { referer: 'http://localhost/from' } });
    const isTheNotFound = (error: unknown): boolean => {
      assert.ok(error instanceof NotFoundHttpException);
      assert.equal(error.message, 'No route found for "GET /missing" (from "http://localhost/from")');
      assert.ok(error.cause instanceof ResourceNotFoundException);
      assert.equal(error.cause.message, 'No routes found for "/missing".');
      return true;
    };
    const { listener: debugRouter } = listener(matcher, true);
    assert.throws(() => debugRouter.onKernelRequest(new RequestEvent(kernel, request(), RequestType.MAIN)), isTheNotFound);
    const { listener: prodRouter } = listener(matcher, false);
    const event = new RequestEvent(kernel, request(), RequestType.MAIN);
    prodRouter.onKernelRequest(event);
    assert.ok(isTheNotFound(event.failure));
    assert.equal(event.isPropagationStopped(), true);
  });

  it('gives the error of a prod 404 no stack at all, without touching the process-wide stack trace limit', () => {
    const notFound: RequestMatcher = { matchRequest: () => assert.fail('resolveRequest is preferred'), resolveRequest: () => MatchFailure.notFound('/missing') };
    const notAllowed: RequestMatcher = { matchRequest: () => assert.fail('resolveRequest is preferred'), resolveRequest: () => MatchFailure.methodNotAllowed('/events', ['GET']) };
    const limit = Error.stackTraceLimit;
    const failureOf = (matcher: RequestMatcher, method = 'GET'): Error => {
      const event = new RequestEvent(kernel, Request.create('/x', method), RequestType.MAIN);
      listener(matcher, false).listener.onKernelRequest(event);
      assert.ok(event.failure instanceof Error);
      return event.failure;
    };
    const missing = failureOf(notFound);
    assert.equal(Error.stackTraceLimit, limit);
    assert.ok(missing instanceof NotFoundHttpException);
    assert.equal(missing.stack, undefined);
    assert.ok(missing.cause instanceof ResourceNotFoundException);
    const notAllowedError = failureOf(notAllowed, 'POST');
    assert.ok(notAllowedError instanceof MethodNotAllowedHttpException);
    assert.equal(notAllowedError.message, 'No route found for "POST /x": Method Not Allowed (Allow: GET)');
    assert.ok(notAllowedError.cause instanceof MethodNotAllowedException);
    assert.equal(Error.stackTraceLimit, limit);
  });

  it('makes the cause of a prod 404 when it is first read, once, as the own property an Error option would make, and lets it be replaced', () => {
    const matcher: RequestMatcher = { matchRequest: () => assert.fail('resolveRequest is preferred'), resolveRequest: () => MatchFailure.notFound('/missing') };
    const failure = (): Error => {
      const event = new RequestEvent(kernel, Request.create('/missing'), RequestType.MAIN);
      listener(matcher, false).listener.onKernelRequest(event);
      assert.ok(event.failure instanceof Error);
      return event.failure;
    };
    const error = failure();
    assert.equal(Object.hasOwn(error, 'cause'), false, 'not made before it is read');
    assert.equal(error.name, 'NotFoundHttpException');
    assert.equal(throwableClassName(error), 'NotFoundHttpException');
    const cause = error.cause;
    assert.ok(cause instanceof ResourceNotFoundException);
    assert.equal(cause.message, 'No routes found for "/missing".');
    assert.equal(error.cause, cause, 'the same cause on every read');
    assert.deepEqual(Object.getOwnPropertyDescriptor(error, 'cause'), { value: cause, writable: true, enumerable: false, configurable: true });
    assert.match(inspect(error), /\[cause\]: ResourceNotFoundException: No routes found for "\/missing"\./);
    const replaced = failure();
    const other = new Error('other');
    replaced.cause = other;
    assert.equal(replaced.cause, other);
  });

  it('keeps the message of a prod 404 out of sight as a constructed error does: the same own keys, nothing more inspected, and a message that can be replaced', () => {
    const matcher: RequestMatcher = { matchRequest: () => assert.fail('resolveRequest is preferred'), resolveRequest: () => MatchFailure.notFound('/missing') };
    const event = new RequestEvent(kernel, Request.create('/missing'), RequestType.MAIN);
    listener(matcher, false).listener.onKernelRequest(event);
    const error = event.failure as Error;
    const constructed = new NotFoundHttpException('No route found for "GET /missing"');
    assert.equal(error.message, constructed.message);
    assert.deepEqual(Object.keys(error), Object.keys(constructed));
    assert.deepEqual(Object.getOwnPropertySymbols(error), []);
    assert.equal(JSON.stringify(error), JSON.stringify(constructed));
    assert.doesNotMatch(inspect(error), /Symbol|#message|#failure/);
    assert.equal(String(error), 'NotFoundHttpException: No route found for "GET /missing"');
    const prototype = Object.getPrototypeOf(error) as Error;
    assert.equal(prototype.message, '', 'the prototype reads as Error.prototype does');
    assert.equal(prototype.cause, undefined);
    error.message = 'replaced';
    assert.equal(error.message, 'replaced');
    assert.deepEqual(Object.getOwnPropertyDescriptor(error, 'message'), { value: 'replaced', writable: true, enumerable: false, configurable: true });
  });

  it("gives a prod 404 the message of the request as it was when no route matched, however the request changes afterwards", () => {
    const matcher: RequestMatcher = { matchRequest: () => assert.fail('resolveRequest is preferred'), resolveRequest: () => MatchFailure.notFound('/missing') };
    const request = Request.create('/missing', 'GET', { headers: { referer: 'http://localhost/from' } });
    const event = new RequestEvent(kernel, request, RequestType.MAIN);
    listener(matcher, false).listener.onKernelRequest(event);
    request.method = 'POST';
    request.headers.set('referer', 'http://elsewhere/');
    const error = event.failure as Error;
    assert.equal(error.message, 'No route found for "GET /missing" (from "http://localhost/from")');
    assert.equal(error.message, 'No route found for "GET /missing" (from "http://localhost/from")');
    assert.equal(Object.hasOwn(error, 'message'), false);
  });

  it('turns a thrown 405 of a matcher without resolveRequest into MethodNotAllowedHttpException', () => {
    const { listener: router } = listener({ matchRequest: () => { throw new MethodNotAllowedException(['GET', 'HEAD']); } });
    assert.throws(() => router.onKernelRequest(new RequestEvent(kernel, Request.create('/events', 'POST'), RequestType.MAIN)), (error: Error) => {
      assert.ok(error instanceof MethodNotAllowedHttpException);
      assert.equal(error.message, 'No route found for "POST /events": Method Not Allowed (Allow: GET, HEAD)');
      assert.equal(error.headers.Allow, 'GET, HEAD');
      return true;
    });
  });

  it('does not route a request that already names its controller (the error sub-request)', () => {
    let matched = 0;
    const { listener: router } = listener({ matchRequest: () => (matched++, {}) });
    router.onKernelRequest(new RequestEvent(kernel, Request.create('/', 'GET', { attributes: { _controller: 'error_controller' } }), RequestType.SUB));
    assert.equal(matched, 0);
  });

  it('forgets a finished sub-request\'s routing context and keeps the main one\'s', () => {
    const { listener: router, contexts } = listener();
    const main = Request.create('http://main.example/');
    const sub = Request.create('http://sub.example/');
    const mainContext = contexts.get(main);
    contexts.set(sub, contexts.get(sub).withParameter('_locale', 'de'));
    router.onKernelFinishRequest(new FinishRequestEvent(kernel, sub, RequestType.SUB));
    router.onKernelFinishRequest(new FinishRequestEvent(kernel, main, RequestType.MAIN));
    assert.equal(contexts.get(main), mainContext);
    assert.equal(contexts.get(sub).parameters._locale, 'en', 'rebuilt from the request (its default locale), not the "de" set before');
  });

  it('answers "no route at all" with the welcome page in debug', () => {
    const { listener: router } = listener();
    const event = new ExceptionEvent(kernel, Request.create('/'), RequestType.MAIN, noRoutesAtAll);
    router.onKernelException(event);
    assert.equal(event.response?.statusCode, 404);
    assert.match(String(event.response?.content), /<title>Welcome to Sluice!<\/title>/);
  });

  it('leaves other 404s to the error page, and listens to kernel.exception only with the welcome page', () => {
    const { listener: router } = listener();
    const other = new ExceptionEvent(kernel, Request.create('/x'), RequestType.MAIN, new NotFoundHttpException('No route found for "GET /x"', { cause: new ResourceNotFoundException('') }));
    router.onKernelException(other);
    assert.equal(other.response, undefined);
    assert.equal('kernel.exception' in router.getSubscribedEvents(), true);
    assert.equal('kernel.exception' in listener(undefined, false).listener.getSubscribedEvents(), false);
  });
});

describe('RouterListener, through the kernel', () => {
  it('shows the welcome page for GET / in debug when the application has no routes', async () => {
    const response = await new TestKernel({ debug: true }).request(get('/'));
    assert.equal(response.statusCode, 404);
    assert.match(String(response.content), /<h1>Welcome to Sluice 4\.4\.0<\/h1>/);
    assert.equal(response.headers.get('Content-Type'), 'text/html; charset=UTF-8');
  });

  it('answers GET / with the plain 404 page in prod when the application has no routes', async () => {
    const response = await new TestKernel({ debug: false }).request(get('/'));
    assert.equal(response.statusCode, 404);
    assert.match(String(response.content), /<title>An Error Occurred: Not Found<\/title>/);
    assert.doesNotMatch(String(response.content), /Welcome/);
  });

  it('answers a missing / of an application with routes with the debug error page, not the welcome page', async () => {
    class PageController { showAction(): Response { return new Response('page'); } }
    const app = new TestKernel({ routes: [{ name: 'page', path: '/page', controller: 'PageController::showAction' }], controllers: { PageController: new PageController() } });
    const response = await app.request(get('/'));
    assert.equal(response.statusCode, 404);
    assert.doesNotMatch(String(response.content), /Welcome to Sluice/);
    assert.match(String(response.content), /No route found for &quot;GET \/&quot;/);
  });

  it('answers a malformed path with 400 before matching', async () => {
    const response = await new TestKernel().request(get('/events/%E0%A4%A'));
    assert.equal(response.statusCode, 400);
  });
});
