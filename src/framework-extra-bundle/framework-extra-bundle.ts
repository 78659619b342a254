import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { EntityManager } from '../persistence/entity-manager.ts';
import { connectionFromUrl, DEFAULT_DATABASE_URL } from '../persistence/connection-url.ts';
import type { QueryLogger } from '../persistence/query-logger.ts';
import { ParamConverterManager } from '../param-converter/param-converter-manager.ts';
import { EntityParamConverter } from '../param-converter/entity-param-converter.ts';
import { DateTimeParamConverter } from '../param-converter/date-time-param-converter.ts';
import { ControllerListener } from '../event-listener/controller-listener.ts';
import { ParamConverterListener } from '../event-listener/param-converter-listener.ts';
import { HttpCacheListener } from '../event-listener/http-cache-listener.ts';
import { registerIsGrantedListener } from '../security-bundle/register-is-granted-listener.ts';
import { registerTemplateListener } from '../templating-bundle/register-template-listener.ts';
import { ControllerRouteLoader } from '../decorators/controller-route-loader.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    /** Entity classes, their mappings and repositories; register entities here in a bundle's build. */
    entity_manager: EntityManager;
    /** The parameter converters; add an application's own with `add(converter, priority, name)`. */
    'param_converter.manager': ParamConverterManager;
    /** Hears of every statement the entity manager's connection runs: the profiler's database collector, in debug. */
    'persistence.query_logger': QueryLogger;
  }
}

type ControllerClass = new () => object;

export interface FrameworkExtraOptions {
  /**
   * Where entities live: `sqlite:var/data.db` (the default, relative to the project
   * directory), `sqlite::memory:`, or `postgresql://user@host:5432/database[?schema=name]`.
   * Opened on the first lookup.
   */
  database?: string;
  /** Decorated controller classes: their `@Route`s are loaded, and each class is registered under its name. */
  controllers?: readonly ControllerClass[];
  /** Put before default route names (`'app_'` gives `app_event_show`). */
  routeNamePrefix?: string;
  /** Convert every parameter declared with a class, not only declared ones (default true). */
  autoConvert?: boolean;
}

/**
 * The declaration-driven features (the reference's SensioFrameworkExtraBundle): routes
 * from `@Route`, and on kernel.controller, in this order (it decides the log's order):
 * ControllerListener (reads the declarations), ParamConverterListener (entities and
 * dates), HttpCacheListener (`@Cache`; a 304 skips the listeners after it), then
 * TemplateListener (-128, when a template engine exists); IsGrantedListener on
 * kernel.controller_arguments (always: with no security, a declaration is an error).
 * Register it after FrameworkBundle and before the bundles whose entities it converts.
 */
export class FrameworkExtraBundle extends Bundle {
  readonly #options: FrameworkExtraOptions;

  constructor(options: FrameworkExtraOptions = {}) {
    super();
    this.#options = options;
  }

  override build(kernel: Kernel): void {
    const { container, dispatcher } = kernel;
    const options = this.#options;
    const url = options.database ?? DEFAULT_DATABASE_URL;
    const entities = new EntityManager(() => {
      const connection = connectionFromUrl(url, kernel.projectDir);
      // Looked up when the connection opens, so the bundle that sets it may come later.
      const queryLogger = container.find('persistence.query_logger');
      if (queryLogger !== undefined) connection.setQueryLogger?.(queryLogger);
      return connection;
    });
    container.set('entity_manager', entities);
    container.find('health_checks')?.add('database', () => entities.connection.ping?.());
    const converters = new ParamConverterManager()
      .add(new EntityParamConverter(entities), 0, 'entity')
      .add(new DateTimeParamConverter(), 0, 'datetime');
    container.set('param_converter.manager', converters);

    const controllers = options.controllers ?? [];
    if (controllers.length > 0) {
      const loader = new ControllerRouteLoader(options.routeNamePrefix === undefined ? {} : { namePrefix: options.routeNamePrefix });
      kernel.routes.addCollection(loader.load(controllers));
      for (const controller of controllers) kernel.controllers.registerClass(controller);
    }

    dispatcher.addSubscriber(new ControllerListener());
    dispatcher.addSubscriber(new ParamConverterListener(converters, options.autoConvert ?? true));
    dispatcher.addSubscriber(new HttpCacheListener());
    // TemplateListener comes next, in boot(): whether a template engine exists is known
    // only once every bundle is built.
    registerIsGrantedListener(kernel);
  }

  /**
   * Adds TemplateListener (kernel.controller -128, kernel.view 0) when a `templating`
   * service exists: the reference removes it without a template engine. Both helpers
   * register a listener once, whichever bundles ask.
   */
  override boot(kernel: Kernel): void {
    if (kernel.container.has('templating')) registerTemplateListener(kernel);
  }

  override async shutdown(kernel: Kernel): Promise<void> {
    await kernel.container.find('entity_manager')?.close();
  }
}
