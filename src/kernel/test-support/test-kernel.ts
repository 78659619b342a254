import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kernel } from '../kernel.ts';
import { Bundle } from '../bundle.ts';
import { FrameworkBundle } from '../../framework-bundle/framework-bundle.ts';
import { RouteLoader, type RouteDefinition } from '../../routing/route-loader.ts';
import { TestHandler } from '../../log/test-handler.ts';
import { interpolate } from '../../log/interpolate.ts';
import { Request } from '../../http/request.ts';
import type { Response } from '../../http/response.ts';
import type { FrameworkConfigInput } from '../kernel-config.ts';

/** A bundle that adds the routes and controllers a test needs. */
class RoutesBundle extends Bundle {
  readonly #routes: readonly RouteDefinition[];
  readonly #controllers: Record<string, object>;

  constructor(routes: readonly RouteDefinition[], controllers: Record<string, object>) {
    super();
    this.#routes = routes;
    this.#controllers = controllers;
  }

  override build(kernel: Kernel): void {
    kernel.routes.addCollection(new RouteLoader().load(this.#routes));
    for (const [name, controller] of Object.entries(this.#controllers)) kernel.controllers.register(name, controller);
  }
}

export interface TestKernelOptions {
  routes?: readonly RouteDefinition[];
  controllers?: Record<string, object>;
  debug?: boolean;
  environment?: string;
  config?: FrameworkConfigInput;
  bundles?: Bundle[];
}

/** A kernel with the FrameworkBundle, the given routes, and a TestHandler seeing every entry. */
export class TestKernel extends Kernel {
  readonly logs = new TestHandler();
  readonly #options: TestKernelOptions;

  constructor(options: TestKernelOptions = {}) {
    const debug = options.debug ?? true;
    super({
      environment: options.environment ?? (debug ? 'test' : 'prod'),
      debug,
      projectDir: mkdtempSync(join(tmpdir(), 'sluice-kernel-')),
      // Process-level handlers would take uncaught errors away from the test runner; a test that wants them says so.
      config: { secret: 'test-secret-0123456789', handleUncaughtErrors: false, ...(!debug && { log: { format: 'jsonl' } }), ...options.config },
    });
    this.#options = options;
  }

  registerBundles(): Bundle[] {
    return [new FrameworkBundle(), ...(this.#options.bundles ?? []), new RoutesBundle(this.#options.routes ?? [], this.#options.controllers ?? {})];
  }

  override boot(): void {
    if (this.booted) return;
    super.boot();
    this.container.get('logger').pushHandler(this.logs);
  }

  /** Handles and terminates a request as the server does, returning the response. */
  async request(request: Request): Promise<Response> {
    const response = await this.handle(request);
    await this.terminate(request, response);
    return response;
  }

  /** The entries written so far as `channel.LEVEL: message` with placeholders filled. */
  lines(): string[] {
    return this.logs.records.map((record) => `${record.channel}.${record.level}: ${interpolate(record.message, record.context)}`);
  }
}

export function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Request {
  return Request.create(`http://localhost${path}`, method, { headers });
}
