import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { Router } from '../routing/router.ts';
import { ErrorHandler } from '../error-handler/error-handler.ts';
import { ErrorController } from '../error-handler/error-controller.ts';
import { HtmlErrorRenderer } from '../error-handler/html-error-renderer.ts';
import { ProblemJsonErrorRenderer } from '../error-handler/problem-json-error-renderer.ts';
import { RedirectController } from '../controller/redirect-controller.ts';
import { RequestContextStore } from '../event-listener/request-context-store.ts';
import { DebugHandlersListener } from '../event-listener/debug-handlers-listener.ts';
import { ValidateRequestListener } from '../event-listener/validate-request-listener.ts';
import { LocaleListener } from '../event-listener/locale-listener.ts';
import { RouterListener } from '../event-listener/router-listener.ts';
import { ErrorListener } from '../event-listener/error-listener.ts';
import { ResponseListener } from '../event-listener/response-listener.ts';
import { DisallowRobotsIndexingListener } from '../event-listener/disallow-robots-indexing-listener.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    router: Router;
    'router.request_context': RequestContextStore;
    error_controller: ErrorController;
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

    kernel.controllers.register('RedirectController', new RedirectController());
    const errorController = new ErrorController({
      html: new HtmlErrorRenderer({ debug, charset: config.charset, logger: debugLogger, projectRoot: kernel.projectDir }),
      json: new ProblemJsonErrorRenderer({ debug }),
    });
    container.set('error_controller', errorController);
    kernel.controllers.register(config.errorController, errorController);

    dispatcher.addSubscriber(new DebugHandlersListener({ errorHandler: ErrorHandler.current, logger: logger.withChannel('php'), replayEachRequest: debug }));
    dispatcher.addSubscriber(new ValidateRequestListener());
    dispatcher.addSubscriber(new LocaleListener(requestStack, contexts, { defaultLocale: config.defaultLocale, enabledLocales: config.enabledLocales }));
    dispatcher.addSubscriber(new RouterListener(router, contexts, logger.withChannel('request'), debug));
    dispatcher.addSubscriber(new ErrorListener(config.errorController, logger.withChannel('request'), debug, debugLogger));
    dispatcher.addSubscriber(new ResponseListener(config.charset));
    if (config.disallowSearchEngineIndex ?? debug) dispatcher.addSubscriber(new DisallowRobotsIndexingListener());
  }
}
