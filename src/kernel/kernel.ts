import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Request } from '../http/request.ts';
import type { Response } from '../http/response.ts';
import { RequestStack } from '../http/request-stack.ts';
import { EventDispatcher } from '../event-dispatcher/event-dispatcher.ts';
import { TraceableEventDispatcher } from '../event-dispatcher/traceable-event-dispatcher.ts';
import type { EventDispatcherInterface } from '../event-dispatcher/event-dispatcher-interface.ts';
import { Logger } from '../log/logger.ts';
import { setProjectRoot } from '../log/throwable-location.ts';
import { ControllerRegistry } from '../controller/controller-registry.ts';
import { ControllerResolver, type ControllerResolverInterface } from '../controller/controller-resolver.ts';
import { ArgumentResolver } from '../controller/argument-resolver.ts';
import type { ArgumentValueResolver } from '../controller/value-resolver/argument-value-resolver.ts';
import { RouteCollection } from '../routing/route-collection.ts';
import { DebugClassLoader } from '../error-handler/debug-class-loader.ts';
import { HttpKernel } from './http-kernel.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';
import type { HttpKernelInterface } from './http-kernel-interface.ts';
import { RequestType } from './request-type.ts';
import { Container } from './container.ts';
import type { Bundle } from './bundle.ts';
import { resolveFrameworkConfig, type FrameworkConfig, type FrameworkConfigInput } from './kernel-config.ts';
import { configureLogging } from './configure-logging.ts';
import { isThenable } from '../event-dispatcher/listener.ts';

import { DirectRoutes } from './direct-routes.ts';
export type { DirectRoute } from './direct-routes.ts';
/** Work on every main response, outside the kernel's events (the request id, security headers, the access log). */
export type ResponseFinisher = (request: Request, response: Response, startedAt: number) => void;
import { applyBundleConfiguration, registerTemplateNamespaces } from './apply-bundle-configuration.ts';

export interface KernelOptions {
  /** `dev`, `prod`, `test` or any name the application's config knows. */
  environment: string;
  debug: boolean;
  /** The application's root: `var/`, `public/` and `config/` are under it. */
  projectDir: string;
  /**
   * Where the kernel writes (logs, cache, profiles, file sessions): `<projectDir>/var` by
   * default. Tests give one of their own, so they never write into the application's.
   */
  varDir?: string | undefined;
  config?: FrameworkConfigInput;
}

/** Something a bundle adds to the console (`app/bin/console`). */
export type CommandRegistration = (program: import('commander').Command, kernel: Kernel) => void;

declare module './container.ts' {
  interface ServiceMap {
    kernel: Kernel;
    request_stack: RequestStack<Request>;
    logger: Logger;
    event_dispatcher: EventDispatcherInterface;
    'debug.event_dispatcher': TraceableEventDispatcher;
    controller_registry: ControllerRegistry;
    /** Bundles may decorate it while they build (rate limits, trace spans around controllers). */
    controller_resolver: ControllerResolverInterface;
    http_kernel: HttpKernel;
  }
}

/**
 * An application: an environment, a debug flag and bundles. Booting builds the services
 * the bundles register; `handle` runs a request through the HttpKernel.
 */
export abstract class Kernel implements HttpKernelInterface {
  readonly environment: string;
  readonly debug: boolean;
  readonly projectDir: string;
  /** Where the kernel writes: logs, cache, profiles, file sessions (see KernelOptions.varDir). */
  readonly varDir: string;
  readonly config: FrameworkConfig;
  readonly container = new Container();
  /** Routes the bundles add while building; compiled once when the router is first used. */
  readonly routes = new RouteCollection();
  readonly controllers = new ControllerRegistry();
  readonly commands: CommandRegistration[] = [];
  /**
   * Answer some main requests before the kernel's events run (CORS preflights), so no
   * listener is added to kernel.request for them: its listeners and log stay those of the
   * application. Such an answer skips kernel.response and kernel.terminate as well.
   */
  readonly earlyResponders: ((request: Request) => Response | undefined)[] = [];
  readonly #earlyAnswers = new WeakSet<Response>();
  /** Value resolvers bundles add to the argument chain (session, user, ...). */
  readonly argumentValueResolvers: ArgumentValueResolver[] = [];
  /**
   * Paths (raw, exact) answered before the kernel's events: no listener runs, nothing is
   * logged or profiled. For probes asked every few seconds (`/_health/live`).
   */
  readonly directRoutes = new DirectRoutes();
  /**
   * Called with every main response, in order. They run outside the events so that none
   * adds a listener to the chains the logs show (see docs/lifecycle.md).
   */
  readonly responseFinishers: ResponseFinisher[] = [];
  /** Fields added to the `extra` of each log entry written while a main request is handled (`request_id` is always there). */
  readonly logExtras: ((mainRequest: Request) => Record<string, string> | undefined)[] = [];
  #bundles: Bundle[] = [];
  #afterTerminate: Array<(request: Request) => void> = [];
  #booted = false;
  #httpKernel: HttpKernel | undefined;

  constructor(options: KernelOptions) {
    this.environment = options.environment;
    this.debug = options.debug;
    this.projectDir = options.projectDir;
    this.varDir = options.varDir ?? join(options.projectDir, 'var');
    this.config = resolveFrameworkConfig(options.config ?? {}, options.environment, options.debug);
  }

  /** The bundles of this application, in the order they register things (it decides tie order). */
  abstract registerBundles(): Bundle[];

  get bundles(): readonly Bundle[] {
    return this.#bundles;
  }

  get booted(): boolean {
    return this.#booted;
  }

  get logDir(): string {
    return join(this.varDir, 'log');
  }

  get cacheDir(): string {
    return join(this.varDir, 'cache', this.environment);
  }

  get publicDir(): string {
    return join(this.projectDir, 'public');
  }

  get dispatcher(): EventDispatcherInterface {
    return this.container.get('event_dispatcher');
  }

  /** The logger of a channel (`request`, `event`, `php`, `app`...). */
  logger(channel = 'app'): Logger {
    return this.container.get('logger').withChannel(channel);
  }

  boot(): void {
    if (this.#booted) return;
    setProjectRoot(sourceRoot(this.projectDir));
    const container = this.container;
    container.set('kernel', this);
    const requestStack = new RequestStack<Request>();
    container.set('request_stack', requestStack);
    const logger = new Logger('app');
    container.set('logger', logger);
    const inner = new EventDispatcher();
    if (this.debug) {
      const traceable = new TraceableEventDispatcher(inner, logger.withChannel('event'), requestStack);
      container.set('debug.event_dispatcher', traceable);
      container.set('event_dispatcher', traceable);
    } else {
      container.set('event_dispatcher', inner);
    }
    container.set('controller_registry', this.controllers);
    container.set('controller_resolver', new ControllerResolver(this.controllers, logger.withChannel('request')));
    configureLogging(this, logger, requestStack);

    this.#bundles = this.registerBundles();
    const controllers = new Map<Bundle, ReturnType<typeof applyBundleConfiguration>>();
    for (const bundle of this.#bundles) {
      DebugClassLoader.checkClass(bundle.constructor);
      controllers.set(bundle, applyBundleConfiguration(this, bundle.configure(this)));
      bundle.build(this);
    }
    registerTemplateNamespaces(this, controllers);
    const dispatcher = container.get('event_dispatcher');
    this.#httpKernel = new HttpKernel(
      dispatcher,
      container.get('controller_resolver'),
      requestStack,
      new ArgumentResolver(ArgumentResolver.defaultResolvers(this.argumentValueResolvers)),
    );
    container.set('http_kernel', this.#httpKernel);
    this.#booted = true;
    for (const bundle of this.#bundles) bundle.boot(this);
  }

  handle(request: Request, type: RequestType = RequestType.MAIN, catchErrors = true): Promise<Response> {
    try {
      return Promise.resolve(this.respond(request, type, catchErrors));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /** `handle` without a promise when the whole handling was synchronous (see HttpKernel#respond). */
  respond(request: Request, type: RequestType = RequestType.MAIN, catchErrors = true): MaybePromise<Response> {
    if (!this.#booted) this.boot();
    if (type !== RequestType.MAIN) return this.#httpKernel!.respond(request, type, catchErrors);
    const startedAt = performance.now();
    const direct = this.directRoutes.find(request.rawPath);
    if (direct !== undefined) return this.#early(direct(request));
    const early = this.earlyResponders.length === 0 ? undefined : this.#answerEarly(request);
    if (early !== undefined) return early;
    const answer = this.#httpKernel!.respond(request, type, catchErrors);
    if (this.responseFinishers.length === 0) return answer;
    if (isThenable(answer)) return answer.then((response) => this.#finish(request, response, startedAt));
    return this.#finish(request, answer, startedAt);
  }

  #finish(request: Request, response: Response, startedAt: number): Response {
    for (const finish of this.responseFinishers) finish(request, response, startedAt);
    return response;
  }

  /** A response made before the kernel's events: kernel.terminate is skipped for it too. */
  #early(answer: MaybePromise<Response>): MaybePromise<Response> {
    if (!isThenable(answer)) {
      this.#earlyAnswers.add(answer);
      return answer;
    }
    return answer.then((response) => {
      this.#earlyAnswers.add(response);
      return response;
    });
  }

  #answerEarly(request: Request): Response | undefined {
    const responders = this.earlyResponders;
    for (let i = 0; i < responders.length; i++) {
      const response = responders[i]!(request);
      if (response === undefined) continue;
      this.#earlyAnswers.add(response);
      response.prepare(request);
      return response;
    }
    return undefined;
  }

  /** Runs kernel.terminate; call it after the response has been sent. A promise only when a listener made one. */
  terminate(request: Request, response: Response): void | Promise<void> {
    if (!this.#booted || this.#earlyAnswers.has(response)) return;
    let dispatched: void | Promise<void>;
    try {
      dispatched = this.#httpKernel!.terminate(request, response);
    } catch (error) {
      this.#runAfterTerminate(request);
      throw error;
    }
    if (dispatched === undefined) {
      this.#runAfterTerminate(request);
      return;
    }
    return dispatched.finally(() => this.#runAfterTerminate(request));
  }

  /**
   * Calls `callback` once kernel.terminate of each main request is over: work that is not
   * a listener (the reference's kernel.terminate has the profiler alone), such as releasing
   * the request's log buffers after everything has read them.
   */
  afterTerminate(callback: (request: Request) => void): void {
    this.#afterTerminate.push(callback);
  }

  #runAfterTerminate(request: Request): void {
    for (const callback of this.#afterTerminate) callback(request);
  }

  /** Stops bundles and flushes logs; the kernel can boot again afterwards. */
  async shutdown(): Promise<void> {
    if (!this.#booted) return;
    for (const bundle of [...this.#bundles].reverse()) await bundle.shutdown(this);
    await this.container.get('logger').close();
    this.#booted = false;
  }
}

/**
 * The directory logs and error pages show source paths relative to: the nearest one
 * above the application holding a package.json (the framework's `src/` and the app's
 * files are both under it); the working directory for an application outside any package.
 */
function sourceRoot(projectDir: string): string {
  for (let dir = projectDir; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return process.cwd();
  }
}
