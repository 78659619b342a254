import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bundle } from '../../../src/kernel/bundle.ts';
import type { Kernel } from '../../../src/kernel/kernel.ts';
import { Route } from '../../../src/routing/route.ts';
import { DefaultController } from './controller/default-controller.ts';

/** The events site: its controllers, routes and public assets (`/bundles/app/`). */
export class AppBundle extends Bundle {
  override get path(): string {
    return dirname(fileURLToPath(import.meta.url));
  }

  override build(kernel: Kernel): void {
    kernel.controllers.registerClass(DefaultController);
    kernel.routes.add('app_home', new Route('/', { defaults: { _controller: 'DefaultController::indexAction' } }));
  }
}
