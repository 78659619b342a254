import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Response } from '../http/response.ts';
import { KernelEvents } from './kernel-events.ts';
import type { RequestEvent } from '../event/request-event.ts';
import { readFileSync } from 'node:fs';
import { TestKernel, get } from './test-support/test-kernel.ts';

/** The 1-based line of `needle` in a source file, so expectations follow the code. */
function lineOf(file: string, needle: string): number {
  const index = readFileSync(file, 'utf8').split('\n').findIndex((line) => line.includes(needle) && !line.includes('lineOf('));
  assert.ok(index >= 0, `${needle} not found in ${file}`);
  return index + 1;
}
const notFoundLine = lineOf('src/event-listener/router-listener.ts', 'return new NotFoundHttpException(');
const methodNotAllowedLine = lineOf('src/event-listener/router-listener.ts', 'return new MethodNotAllowedHttpException(');
const boomLine = lineOf('src/kernel/kernel.test.ts', 'boomAction(): Response {');

class HelloController {
  helloAction(): Response { return new Response('hello'); }
  showAction(id: string): Response { return new Response(`event ${id}`); }
  boomAction(): Response { throw new Error('boom'); }
  silentAction(): void {}
  createAction(): Response { return new Response('created', 201); }
}

const routes = [
  { name: 'hello', path: '/hello', controller: 'HelloController::helloAction' },
  { name: 'event_show', path: '/events/{id}/', controller: 'HelloController::showAction', requirements: { id: '\\d+' } },
  { name: 'boom', path: '/boom', controller: 'HelloController::boomAction' },
  { name: 'silent', path: '/silent', controller: 'HelloController::silentAction' },
  { name: 'event_create', path: '/events/new', controller: 'HelloController::createAction', methods: ['POST'] },
];

function kernel(): TestKernel {
  return new TestKernel({ routes, controllers: { HelloController: new HelloController() } });
}

const notified = (event: string, listeners: string[]): string[] =>
  listeners.map((listener) => `event.DEBUG: Notified event "${event}" to listener "${listener}".`);
/** The seven kernel.request listeners of the source document, in priority order. */
const requestPass = notified('kernel.request', [
  'DebugHandlersListener::configure',
  'ValidateRequestListener::onKernelRequest',
  'SessionListener::onKernelRequest',
  'LocaleListener::setDefaultLocale',
  'RouterListener::onKernelRequest',
  'ResolveControllerNameSubscriber::resolveControllerName',
  'LocaleListener::onKernelRequest',
]);
/** A routing failure ends the first pass at RouterListener: the five lines of the source document. */
const firstPassUpToRouting = requestPass.slice(0, 5);
const argumentsPass = notified('kernel.controller_arguments', ['ErrorListener::onControllerArguments']);
const responsePass = notified('kernel.response', [
  'ResponseListener::onKernelResponse',
  'DisallowRobotsIndexingListener::onResponse',
  'SessionListener::onKernelResponse',
  'StreamedResponseListener::onKernelResponse',
]);
const finishPass = notified('kernel.finish_request', ['LocaleListener::onKernelFinishRequest', 'SessionListener::onFinishRequest', 'RouterListener::onKernelFinishRequest']);
/** Nothing of the framework's own listens to kernel.terminate here (the profiler is not installed). */
const terminatePass: string[] = [];
const exceptionPass = [
  ...notified('kernel.exception', ['ErrorListener::logKernelException', 'RouterListener::onKernelException', 'ErrorListener::onKernelException']),
  'event.DEBUG: Listener "ErrorListener::onKernelException" stopped propagation of the event "kernel.exception".',
];
/** The error sub-request: routing skipped (it has a controller), then the error controller. */
const errorSubRequest = [...requestPass, ...argumentsPass, ...responsePass, ...finishPass];

describe('Kernel logs, request by request', () => {
  it('logs the matched route, then every listener of each event in call order', async () => {
    const app = kernel();
    const response = await app.request(get('/hello'));
    assert.equal(response.content, 'hello');
    assert.deepEqual(app.lines(), [
      'request.INFO: Matched route "hello".',
      ...requestPass,
      ...argumentsPass,
      ...responsePass,
      ...finishPass,
      ...terminatePass,
    ]);
  });

  it('gives the Matched route entry the route, its parameters, the URI and the method', async () => {
    const app = kernel();
    await app.request(get('/events/42/'));
    const matched = app.logs.records[0]!;
    // the URI is a LazyLogValue: worked out when the entry is written or shown
    assert.deepEqual(JSON.parse(JSON.stringify(matched.context)), {
      route: 'event_show',
      route_parameters: { _route: 'event_show', _controller: 'HelloController::showAction', id: '42' },
      request_uri: 'http://localhost/events/42/',
      method: 'GET',
    });
  });

  it('answers a path without route with 404, naming the Referer, and renders the error page through a sub-request', async () => {
    const app = kernel();
    const referer = 'http://localhost/bundles/app/images/events/missing.JPG';
    const response = await app.request(get('/bundles/app/images/events/missing.JPG', { referer }));
    assert.equal(response.statusCode, 404);
    assert.deepEqual(app.lines(), [
      ...firstPassUpToRouting,
      `request.ERROR: Uncaught Exception NotFoundHttpException: "No route found for "GET /bundles/app/images/events/missing.JPG" (from "${referer}")" at src/event-listener/router-listener.ts line ${notFoundLine}`,
      ...errorSubRequest,
      ...exceptionPass,
      ...responsePass,
      ...finishPass,
      ...terminatePass,
    ]);
  });

  it('runs kernel.request twice for a missing path: the main pass stops at routing, the error sub-request runs all seven', async () => {
    const app = kernel();
    await app.request(get('/bundles/app/images/events/missing.JPG'));
    const passes = app.lines().filter((line) => line.includes('"kernel.request"'));
    assert.deepEqual(passes.slice(0, 5), [
      'event.DEBUG: Notified event "kernel.request" to listener "DebugHandlersListener::configure".',
      'event.DEBUG: Notified event "kernel.request" to listener "ValidateRequestListener::onKernelRequest".',
      'event.DEBUG: Notified event "kernel.request" to listener "SessionListener::onKernelRequest".',
      'event.DEBUG: Notified event "kernel.request" to listener "LocaleListener::setDefaultLocale".',
      'event.DEBUG: Notified event "kernel.request" to listener "RouterListener::onKernelRequest".',
    ]);
    assert.deepEqual(passes.slice(5), [
      'event.DEBUG: Notified event "kernel.request" to listener "DebugHandlersListener::configure".',
      'event.DEBUG: Notified event "kernel.request" to listener "ValidateRequestListener::onKernelRequest".',
      'event.DEBUG: Notified event "kernel.request" to listener "SessionListener::onKernelRequest".',
      'event.DEBUG: Notified event "kernel.request" to listener "LocaleListener::setDefaultLocale".',
      'event.DEBUG: Notified event "kernel.request" to listener "RouterListener::onKernelRequest".',
      'event.DEBUG: Notified event "kernel.request" to listener "ResolveControllerNameSubscriber::resolveControllerName".',
      'event.DEBUG: Notified event "kernel.request" to listener "LocaleListener::onKernelRequest".',
    ]);
  });

  it('leaves out "(from ...)" when there is no Referer', async () => {
    const app = kernel();
    await app.request(get('/missing'));
    assert.ok(app.lines().includes(`request.ERROR: Uncaught Exception NotFoundHttpException: "No route found for "GET /missing"" at src/event-listener/router-listener.ts line ${notFoundLine}`));
  });

  it('answers a known path with the wrong method with 405 and an Allow header', async () => {
    const app = kernel();
    const response = await app.request(get('/events/new'));
    assert.equal(response.statusCode, 405);
    assert.equal(response.headers.get('Allow'), 'POST');
    assert.deepEqual(app.lines().filter((line) => !line.startsWith('event.')), [
      `request.ERROR: Uncaught Exception MethodNotAllowedHttpException: "No route found for "GET /events/new": Method Not Allowed (Allow: POST)" at src/event-listener/router-listener.ts line ${methodNotAllowedLine}`,
    ]);
  });

  it('skips routing, controller and arguments when a kernel.request listener answers', async () => {
    const app = kernel();
    app.boot();
    app.dispatcher.addListener(KernelEvents.REQUEST, Object.assign((event: RequestEvent) => event.setResponse(new Response('maintenance', 503)), { listenerName: 'MaintenanceListener::onKernelRequest' }), 64);
    const response = await app.request(get('/hello'));
    assert.equal(response.statusCode, 503);
    assert.deepEqual(app.lines(), [
      ...requestPass.slice(0, 4),
      'event.DEBUG: Notified event "kernel.request" to listener "MaintenanceListener::onKernelRequest".',
      'event.DEBUG: Listener "MaintenanceListener::onKernelRequest" stopped propagation of the event "kernel.request".',
      'event.DEBUG: Listener "RouterListener::onKernelRequest" was not called for event "kernel.request".',
      'event.DEBUG: Listener "ResolveControllerNameSubscriber::resolveControllerName" was not called for event "kernel.request".',
      'event.DEBUG: Listener "LocaleListener::onKernelRequest" was not called for event "kernel.request".',
      ...responsePass,
      ...finishPass,
      ...terminatePass,
    ]);
  });

  it('answers a throwing controller with 500 and logs it as CRITICAL', async () => {
    const app = kernel();
    const response = await app.request(get('/boom'));
    assert.equal(response.statusCode, 500);
    assert.deepEqual(app.lines(), [
      'request.INFO: Matched route "boom".',
      ...requestPass,
      ...argumentsPass,
      `request.CRITICAL: Uncaught Exception Error: "boom" at src/kernel/kernel.test.ts line ${boomLine}`,
      ...errorSubRequest,
      ...exceptionPass,
      ...responsePass,
      ...finishPass,
      ...terminatePass,
    ]);
  });

  it('answers a controller that returns nothing with 500 and the fix in the message', async () => {
    const app = kernel();
    const response = await app.request(get('/silent'));
    assert.equal(response.statusCode, 500);
    const critical = app.lines().filter((line) => line.startsWith('request.CRITICAL'));
    assert.equal(critical.length, 1);
    assert.match(critical[0]!, /^request\.CRITICAL: Uncaught Exception ControllerDoesNotReturnResponseError: "The controller must return a "Response" object but it returned undefined\. Did you forget to add a return statement somewhere in your controller\?" at src\/kernel\/http-kernel\.ts line \d+$/);
  });

  it('redirects a missing trailing slash with 301 through the redirect controller', async () => {
    const app = kernel();
    const response = await app.request(get('/events/42?x=1'));
    assert.equal(response.statusCode, 301);
    assert.equal(response.headers.get('Location'), 'http://localhost/events/42/?x=1');
    assert.equal('Cache-Control' in response.headers.toNodeHeaders(), false);
    assert.equal(app.lines()[0], 'request.INFO: Matched route "event_show".');
    assert.deepEqual(app.logs.records[0]!.context.route_parameters, {
      _controller: 'RedirectController::urlRedirectAction', path: '/events/42/', permanent: true, scheme: null, httpPort: 80, httpsPort: 443, _route: 'event_show', id: '42',
    });
  });

  it('runs kernel.terminate only once the response is handed over', async () => {
    const app = kernel();
    app.boot();
    app.dispatcher.addListener(KernelEvents.TERMINATE, Object.assign(() => {}, { listenerName: 'MailerListener::onKernelTerminate' }), 0);
    const request = get('/hello');
    const response = await app.handle(request);
    assert.ok(!app.lines().some((line) => line.includes('kernel.terminate')));
    await app.terminate(request, response);
    assert.deepEqual(app.lines().slice(-1), notified('kernel.terminate', ['MailerListener::onKernelTerminate']));
  });

  it('releases the request\'s log group after kernel.terminate, with no listener of its own on the event', async () => {
    const app = kernel();
    app.boot();
    const request = get('/hello');
    const response = await app.handle(request);
    const debugLogger = app.container.get('logger.debug');
    assert.ok(debugLogger.getLogs(request).length > 0);
    assert.deepEqual(app.dispatcher.getListeners(KernelEvents.TERMINATE), []);
    await app.terminate(request, response);
    assert.equal(debugLogger.getLogs(request).length, 0);
  });
});
