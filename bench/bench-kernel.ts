// first: it reads APP_ENV before the app's configuration loads app/.env
import { benchEnvironment } from './environment.ts';
import { AppKernel } from '../app/src/app-kernel.ts';
import { projectDir } from '../app/src/create-kernel.ts';
import { configFor } from '../app/config/config.ts';
import { Bundle } from 'sluice';
import type { Kernel } from 'sluice';
import { Route } from 'sluice/routing';
import { JsonResponse } from 'sluice';
import { Request } from 'sluice';
import { Args, MapRequestPayload } from 'sluice/decorators';
import { deferredSchema } from 'sluice';
import type { z } from 'zod';
import { benchRoutes, toBraces, VALIDATE_PATH } from './routes.ts';

/**
 * routes.ts's validateJsonSchema, in zod, imported by the first validated request as the
 * app's API schemas are (app/src/app-bundle/api/event-input.ts): the processes that serve
 * the other routes never load zod.
 */
const Payload = deferredSchema(async () => {
  const { z } = await import('zod');
  return z.strictObject({
    name: z.string().min(1).max(100),
    email: z.email(),
    age: z.number().int().min(0).max(150),
    tags: z.array(z.string()).max(10),
    active: z.boolean(),
  });
});

/** The same route table as the peers, on top of the events app, through the full listener chain. */
class BenchController {
  helloAction(): JsonResponse {
    return new JsonResponse({ hello: 'world' });
  }

  @Args({ request: Request, id: { type: String, optional: true } })
  itemAction(request: Request, id: string | null = null): JsonResponse {
    return new JsonResponse({ id, path: request.rawPath });
  }

  @MapRequestPayload('payload', Payload, { acceptFormat: ['json'] })
  @Args({ payload: Object })
  validateAction(payload: z.infer<typeof Payload>): JsonResponse {
    return new JsonResponse(payload);
  }
}

class BenchBundle extends Bundle {
  override build(kernel: Kernel): void {
    kernel.controllers.registerClass(BenchController);
    benchRoutes().forEach((route, i) => {
      const controller = route.path === '/hello' ? 'BenchController::helloAction' : 'BenchController::itemAction';
      kernel.routes.add(`bench_${i}`, new Route(toBraces(route.path), { defaults: { _controller: controller }, methods: ['GET', 'HEAD'] }));
    });
    kernel.routes.add('bench_validate', new Route(VALIDATE_PATH, { defaults: { _controller: 'BenchController::validateAction', _format: 'json' }, methods: ['POST'] }));
  }
}

class BenchKernel extends AppKernel {
  override registerBundles(): Bundle[] {
    return [...super.registerBundles(), new BenchBundle()];
  }
}

/**
 * The events app plus the benchmark's route table, in the APP_ENV the process was started
 * with (prod unless told, whatever app/.env says). Without
 * prod's access log, as the peers run without a request logger: a line per request on
 * stdout is a cost every server would pay alike (`BENCH_ACCESS_LOG=1` keeps it). `varDir`
 * (logs, profiles) defaults to the app's own `var/`.
 */
export function createBenchKernel(environment = benchEnvironment, varDir?: string): Kernel {
  const config = configFor(environment);
  const accessLog = process.env.BENCH_ACCESS_LOG === '1';
  return new BenchKernel({ environment, debug: environment !== 'prod', projectDir, varDir, config: { ...config, log: { ...config.log, accessLog } } });
}
