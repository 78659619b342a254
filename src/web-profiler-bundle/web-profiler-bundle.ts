import { join } from 'node:path';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { Route } from '../routing/route.ts';
import { DatabaseDataCollector } from '../profiler/data-collector/database-data-collector.ts';
import { EventDataCollector } from '../profiler/data-collector/event-data-collector.ts';
import { ExceptionDataCollector } from '../profiler/data-collector/exception-data-collector.ts';
import { LoggerDataCollector } from '../profiler/data-collector/logger-data-collector.ts';
import { MemoryDataCollector } from '../profiler/data-collector/memory-data-collector.ts';
import { RequestDataCollector } from '../profiler/data-collector/request-data-collector.ts';
import { RouterDataCollector } from '../profiler/data-collector/router-data-collector.ts';
import { TimeDataCollector } from '../profiler/data-collector/time-data-collector.ts';
import { FileProfilerStorage } from '../profiler/file-profiler-storage.ts';
import { Profiler } from '../profiler/profiler.ts';
import { ProfilerListener } from '../profiler/profiler-listener.ts';
import type { ProfilerStorage } from '../profiler/profiler-storage.ts';
import { RedisProfilerStorage } from '../profiler/redis-profiler-storage.ts';
import { installTracing } from '../tracing/install-tracing.ts';
import { isAllowedClient, type ClientPolicy } from './client-access.ts';
import { ProfilerController } from './profiler-controller.ts';
import { WebDebugToolbarListener } from './web-debug-toolbar-listener.ts';
import { SluiceError } from '../exception/sluice-error.ts';

declare module '../kernel/container.ts' {
  interface ServiceMap {
    profiler: Profiler;
    'profiler.listener': ProfilerListener;
  }
}

export interface WebProfilerBundleOptions {
  /**
   * Where profiles go: a storage, or a DSN: `file:///abs/dir` or `redis://host:port/db`
   * (several instances). Default: `SLUICE_PROFILER_DSN`, else files under `var/profiler`.
   */
  readonly storage?: ProfilerStorage | string;
  /** Bounds of the default storages: 1000 profiles, two days. */
  readonly maxProfiles?: number;
  readonly maxAge?: number;
  /** Who may open `/_profiler` and see the toolbar; `loopback` by default. */
  readonly allowedClients?: ClientPolicy;
  /** Injects the toolbar into HTML pages (default true). */
  readonly toolbar?: boolean;
  /** `Server-Timing` and OpenTelemetry spans (default true). */
  readonly tracing?: boolean;
}

/**
 * The profiler and its web interface, for debug kernels only: in a kernel without debug it
 * registers nothing, so nothing of it exists in prod. Register it right after the
 * FrameworkBundle: its kernel.controller collectors must see the controller before the
 * annotation listeners of later bundles run.
 */
export class WebProfilerBundle extends Bundle {
  readonly #options: WebProfilerBundleOptions;
  #ownedStorage: RedisProfilerStorage | undefined;

  constructor(options: WebProfilerBundleOptions = {}) {
    super();
    this.#options = options;
  }

  override build(kernel: Kernel): void {
    if (!kernel.debug) return;
    const { container } = kernel;
    if (!container.has('router')) throw new SluiceError('SLUICE_PROFILER_NEEDS_FRAMEWORK_BUNDLE', {});
    const options = this.#options;
    const dispatcher = kernel.dispatcher;
    const traceable = container.get('debug.event_dispatcher');
    const requestStack = container.get('request_stack');
    const contexts = container.get('router.request_context');
    const clients = options.allowedClients ?? 'loopback';

    const profiler = new Profiler(this.#storage(kernel), kernel.logger('profiler'));
    const router = new RouterDataCollector(container.get('router'), (request) => contexts.get(request));
    const request = new RequestDataCollector();
    profiler.add(request).add(router).add(new ExceptionDataCollector()).add(new EventDataCollector(traceable));
    profiler.add(new LoggerDataCollector(container.get('logger.debug'))).add(new TimeDataCollector(traceable)).add(new MemoryDataCollector());
    // The entity manager's connection reports its queries to it when it opens (FrameworkExtraBundle).
    const database = new DatabaseDataCollector(requestStack);
    profiler.add(database);
    container.set('persistence.query_logger', database);
    container.set('profiler', profiler);

    // Names and priorities as the reference's (they appear in the logs); this order makes
    // RouterDataCollector come before RequestDataCollector on kernel.controller.
    dispatcher.addListener(KernelEvents.CONTROLLER, [router, 'onKernelController'], 0);
    dispatcher.addListener(KernelEvents.CONTROLLER, [request, 'onKernelController'], 0);
    dispatcher.addListener(KernelEvents.RESPONSE, [request, 'onKernelResponse'], 0);
    const listener = new ProfilerListener(profiler, requestStack);
    container.set('profiler.listener', listener);
    dispatcher.addSubscriber(listener);
    dispatcher.addSubscriber(new WebDebugToolbarListener({
      profileOf: (each) => listener.profileOf(each),
      toolbar: options.toolbar ?? true,
      isAllowed: (each) => isAllowedClient(clients, each.clientIp),
    }));

    kernel.controllers.register('ProfilerController', () => new ProfilerController(profiler, clients));
    const token = { token: '[A-Za-z0-9]+' };
    kernel.routes.add('_profiler_home', new Route('/_profiler/', { defaults: { _controller: 'ProfilerController::homeAction' } }));
    kernel.routes.add('_profiler_json', new Route('/_profiler/{token}.json', { defaults: { _controller: 'ProfilerController::jsonAction' }, requirements: token }));
    kernel.routes.add('_profiler', new Route('/_profiler/{token}', { defaults: { _controller: 'ProfilerController::panelAction' }, requirements: token }));

    if (options.tracing ?? true) installTracing(kernel);
  }

  override async shutdown(): Promise<void> {
    await this.#ownedStorage?.close();
    this.#ownedStorage = undefined;
  }

  #storage(kernel: Kernel): ProfilerStorage {
    const { storage, maxProfiles, maxAge } = this.#options;
    if (storage !== undefined && typeof storage !== 'string') return storage;
    const bounds = { ...(maxProfiles !== undefined && { maxProfiles }), ...(maxAge !== undefined && { maxAge }) };
    const dsn = storage ?? process.env.SLUICE_PROFILER_DSN ?? '';
    if (dsn.startsWith('redis://') || dsn.startsWith('rediss://')) {
      this.#ownedStorage = new RedisProfilerStorage(dsn, bounds);
      return this.#ownedStorage;
    }
    if (dsn.startsWith('file://')) return new FileProfilerStorage(new URL(dsn).pathname, bounds);
    if (dsn !== '') throw new SluiceError('SLUICE_UNSUPPORTED_PROFILER_STORAGE', { dsn });
    return new FileProfilerStorage(join(kernel.varDir, 'profiler'), bounds);
  }
}
