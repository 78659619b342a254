import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { Route } from '../routing/route.ts';
import type { Route as RouteType } from '../routing/route.ts';
import { Request } from '../http/request.ts';
import { SerializeViewListener } from '../serializer/serialize-view-listener.ts';
import { OpenApiGenerator, type OpenApiOptions } from '../openapi/openapi-generator.ts';
import { ApiDocController, explorerScript } from './api-doc-controller.ts';
import { loadDeferredSchemas } from '../payload/deferred-schema.ts';
import type { MaybePromise } from '../event-dispatcher/maybe-promise.ts';

export interface ApiBundleOptions {
  openapi: OpenApiOptions & {
    /** Where the document is served. Default `/api/doc.json`. */
    documentPath?: string;
    /** Where the explorer page is served in debug. Default `/api/doc`. */
    explorerPath?: string;
  };
}

declare module '../kernel/container.ts' {
  interface ServiceMap {
    /** The document; built when first asked for, once the deferred schemas it describes are loaded. */
    'api.openapi': { document(): MaybePromise<Record<string, unknown>> };
  }
}

/**
 * A JSON API's parts: controllers' data serialized by content negotiation (kernel.view),
 * the OpenAPI 3.1 document of the API's routes (`GET /api/doc.json`, `openapi:dump`),
 * and, in debug, an API explorer page. Payload mapping needs nothing here: the
 * FrameworkBundle resolves `@MapRequestPayload` arguments.
 */
export class ApiBundle extends Bundle {
  readonly #options: ApiBundleOptions;

  constructor(options: ApiBundleOptions) {
    super();
    this.#options = options;
  }

  override build(kernel: Kernel): void {
    const { openapi } = this.#options;
    const documentPath = openapi.documentPath ?? '/api/doc.json';
    const explorerPath = openapi.explorerPath ?? '/api/doc';
    kernel.dispatcher.addSubscriber(new SerializeViewListener());

    let document: Record<string, unknown> | undefined;
    const generator = new OpenApiGenerator({ ...openapi, exclude: ['api_doc_json', 'api_doc', 'api_doc_script', ...(openapi.exclude ?? [])] }, (route) => controllerOf(kernel, route));
    // Routes do not change once the kernel is booted: the document is built once, when first
    // asked for, after the schemas declared with deferredSchema are imported.
    const build = (): Record<string, unknown> => (document ??= generator.generate(kernel.routes));
    kernel.container.set('api.openapi', {
      document: () => {
        if (document !== undefined) return document;
        const loading = loadDeferredSchemas();
        return loading === undefined ? build() : loading.then(build);
      },
    });

    const controller = new ApiDocController(() => kernel.container.get('api.openapi').document(), documentPath, `${explorerPath}/standalone.js`);
    kernel.controllers.register('ApiDocController', controller);
    kernel.routes.add('api_doc_json', new Route(documentPath, { methods: ['GET'], defaults: { _controller: 'ApiDocController::documentAction', _format: 'json' } }));
    if (kernel.debug && explorerScript() !== undefined) {
      kernel.routes.add('api_doc', new Route(explorerPath, { methods: ['GET'], defaults: { _controller: 'ApiDocController::explorerAction' } }));
      kernel.routes.add('api_doc_script', new Route(`${explorerPath}/standalone.js`, { methods: ['GET'], defaults: { _controller: 'ApiDocController::scriptAction' } }));
    }

    kernel.commands.push((program) => {
      program
        .command('openapi:dump')
        .description('Prints the OpenAPI 3.1 document of the API')
        .option('--env <env>', 'the environment')
        .action(async () => {
          kernel.boot();
          process.stdout.write(`${JSON.stringify(await kernel.container.get('api.openapi').document(), null, 2)}\n`);
        });
    });
  }
}

/** The controller a route calls, as the kernel's resolver finds it (undefined when it cannot). */
function controllerOf(kernel: Kernel, route: RouteType) {
  const request = Request.create('http://localhost/');
  request.attributes.set('_controller', route.getDefault('_controller'));
  try {
    return kernel.container.get('http_kernel').resolver.getController(request);
  } catch {
    return undefined;
  }
}
