import { AppKernel } from '../app/src/app-kernel.ts';
import { projectDir } from '../app/src/create-kernel.ts';
import { configFor } from '../app/config/config.ts';
import { Bundle } from '../src/kernel/bundle.ts';
import type { Kernel } from '../src/kernel/kernel.ts';
import { Route } from '../src/routing/route.ts';
import { JsonResponse } from '../src/http/json-response.ts';
import type { Request } from '../src/http/request.ts';
import { benchRoutes, toBraces } from './routes.ts';

/** The same route table as the peers, on top of the events app, through the full listener chain. */
class BenchController {
  helloAction(): JsonResponse {
    return new JsonResponse({ hello: 'world' });
  }

  itemAction(request: Request, id: string | null = null): JsonResponse {
    return new JsonResponse({ id, path: request.rawPath });
  }
}

class BenchBundle extends Bundle {
  override build(kernel: Kernel): void {
    kernel.controllers.registerClass(BenchController);
    benchRoutes().forEach((route, i) => {
      const controller = route.path === '/hello' ? 'BenchController::helloAction' : 'BenchController::itemAction';
      kernel.routes.add(`bench_${i}`, new Route(toBraces(route.path), { defaults: { _controller: controller }, methods: ['GET', 'HEAD'] }));
    });
  }
}

class BenchKernel extends AppKernel {
  override registerBundles(): Bundle[] {
    return [...super.registerBundles(), new BenchBundle()];
  }
}

/** The events app plus the benchmark's route table, in `APP_ENV` (prod unless told). */
export function createBenchKernel(environment = process.env.APP_ENV ?? 'prod'): Kernel {
  return new BenchKernel({ environment, debug: environment !== 'prod', projectDir, config: configFor(environment) });
}
