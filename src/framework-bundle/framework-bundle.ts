import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { Router } from '../routing/router.ts';
import { ErrorHandler } from '../error-handler/error-handler.ts';
import { ErrorController } from '../error-handler/error-controller.ts';
import { HtmlErrorRenderer } from '../error-handler/html-error-renderer.ts';
import { createNearMissSection } from '../error-handler/near-miss-section.ts';
import { ProblemJsonErrorRenderer } from '../error-handler/problem-json-error-renderer.ts';
import { RedirectController } from '../controller/redirect-controller.ts';
import { TrustedProxies } from '../http/trusted-proxies.ts';
import { InFlightRequests } from '../http/in-flight-requests.ts';
import type { SessionStore } from '../session/session-store.ts';
import { createSessionStore } from '../session/create-session-store.ts';
import { SessionValueResolver } from '../session/session-value-resolver.ts';
import { PayloadValueResolver } from '../payload/payload-value-resolver.ts';
import { RequestContextStore } from '../event-listener/request-context-store.ts';
import { DebugHandlersListener } from '../event-listener/debug-handlers-listener.ts';
import { ValidateRequestListener } from '../event-listener/validate-request-listener.ts';
import { SessionListener } from '../event-listener/session-listener.ts';
import { LocaleListener } from '../event-listener/locale-listener.ts';
import { RouterListener, failMissingRoute, throwMissingRoute } from '../event-listener/router-listener.ts';
import { DebugErrorPages } from '../kernel/debug-error-pages.ts';
import { ResolveControllerNameSubscriber } from '../event-listener/resolve-controller-name-subscriber.ts';
import { ErrorListener } from '../event-listener/error-listener.ts';
import { ResponseListener } from '../event-listener/response-listener.ts';
import { DisallowRobotsIndexingListener } from '../event-listener/disallow-robots-indexing-listener.ts';
import { StreamedResponseListener } from '../event-listener/streamed-response-listener.ts';
import { configureOperations } from './operations.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    router: Router;
    'router.request_context': RequestContextStore;
    error_controller: ErrorController;
    /** Trusted proxies and hosts from the configuration; the server hands it to every request. */
    trust_policy: TrustedProxies;
    /** Main requests waiting for their response (the server tracks them; uncaught errors answer them). */
    in_flight_requests: InFlightRequests;
    /** Created on first use of a session. */
    'session.store': SessionStore;
  }
}

/** The controller the router names for its redirects (trailing slash, required scheme). */
export const REDIRECT_CONTROLLER = 'RedirectController::urlRedirectAction';

/**
 * The framework's own services and listeners. Registration order decides the order of
 * listeners with equal priorities, so it follows the reference's container: e.g. on
 * kernel.finish_request LocaleListener, then SessionListener, then RouterListener.
 */
export class FrameworkBundle extends Bundle {
  #debugHandlers: DebugHandlersListener | undefined;
  #sessionStore: SessionStore | undefined;

  override build(kernel: Kernel): void {
    const { container, config, debug } = kernel;
    const requestStack = container.get('request_stack');
    const logger = container.get('logger');
    const dispatcher = kernel.dispatcher;
    const debugLogger = container.find('logger.debug');

    const router = new Router(kernel.routes, { redirectController: REDIRECT_CONTROLLER, strictRequirements: true });
    container.set('router', router);
    const contexts = new RequestContextStore(requestStack);
    container.set('router.request_context', contexts);
    const trust = new TrustedProxies({ proxies: config.trustedProxies, headers: config.trustedHeaders, hosts: config.trustedHosts });
    container.set('trust_policy', trust);
    const inFlight = new InFlightRequests();
    container.set('in_flight_requests', inFlight);
    container.factory('session.store', () => (this.#sessionStore = createSessionStore(config.session, kernel.projectDir, kernel.varDir)));
    kernel.argumentValueResolvers.push(new SessionValueResolver());
    kernel.argumentValueResolvers.push(new PayloadValueResolver());

    kernel.controllers.register('RedirectController', new RedirectController());
    const errorController = new ErrorController({
      html: new HtmlErrorRenderer({
        debug,
        charset: config.charset,
        logger: debugLogger,
        // In debug a 404 also lists the routes that almost matched, and why each did not.
        extraSections: debug ? createNearMissSection({ router, contextOf: (request) => contexts.get(request), requestStack }) : undefined,
      }),
      json: new ProblemJsonErrorRenderer({ debug }),
    });
    container.set('error_controller', errorController);
    kernel.controllers.register(config.errorController, errorController);

    // Without Debug.enable() (prod) the handler is registered here, so that uncaught errors are still answered.
    const errorHandler = ErrorHandler.current ?? (config.handleUncaughtErrors ? ErrorHandler.register() : undefined);
    this.#debugHandlers = new DebugHandlersListener({
      errorHandler,
      logger: logger.withChannel('php'),
      replayEachRequest: debug,
      uncaughtErrors: config.handleUncaughtErrors
        ? { requestStack, inFlight, handleException: (error, request) => container.get('http_kernel').handleUncaughtException(error, request) }
        : undefined,
    });
    dispatcher.addSubscriber(this.#debugHandlers);
    dispatcher.addSubscriber(new ValidateRequestListener(trust));
    dispatcher.addSubscriber(new LocaleListener(requestStack, contexts, { defaultLocale: config.defaultLocale, enabledLocales: config.enabledLocales }));
    dispatcher.addSubscriber(
      new SessionListener({ store: () => container.get('session.store'), cookie: config.session.cookie, ttl: config.session.ttl, logger: logger.withChannel('request') }),
    );
    // debug: a missing route is thrown with its trace, and an app without routes gets the welcome page
    dispatcher.addSubscriber(new RouterListener(router, contexts, logger.withChannel('request'), debug ? { missingRoute: throwMissingRoute, welcomePage: true } : { missingRoute: failMissingRoute }));
    dispatcher.addSubscriber(new ResolveControllerNameSubscriber(kernel));
    const debugErrorPages = debug ? new DebugErrorPages() : undefined;
    dispatcher.addSubscriber(new ErrorListener(config.errorController, logger.withChannel('request'), debugLogger, config.exceptions, debugErrorPages?.remember));
    dispatcher.addSubscriber(new ResponseListener(config.charset));
    if (config.disallowSearchEngineIndex ?? debug) dispatcher.addSubscriber(new DisallowRobotsIndexingListener());
    dispatcher.addSubscriber(new StreamedResponseListener());
    // before the security headers, which add the configured policy (one that allows inline scripts by default)
    if (debugErrorPages !== undefined) kernel.responseFinishers.push(debugErrorPages.relax);
    configureOperations(kernel);
  }

  override async shutdown(): Promise<void> {
    this.#debugHandlers?.dispose();
    await this.#sessionStore?.close?.();
    this.#sessionStore = undefined;
  }
}
