import { Kernel } from '../../src/kernel/kernel.ts';
import type { Bundle } from '../../src/kernel/bundle.ts';
import { FrameworkBundle } from '../../src/framework-bundle/framework-bundle.ts';
import { WebServerBundle } from '../../src/web-server-bundle/web-server-bundle.ts';
import { WebProfilerBundle } from '../../src/web-profiler-bundle/web-profiler-bundle.ts';
import { AppBundle } from './app-bundle/app-bundle.ts';

/** The events application. */
export class AppKernel extends Kernel {
  registerBundles(): Bundle[] {
    const bundles: Bundle[] = [new FrameworkBundle()];
    if (this.debug) bundles.push(new WebProfilerBundle());
    // Still registered for the legacy `server:run`; see the README on moving to `serve`.
    if (this.environment === 'dev') bundles.push(new WebServerBundle());
    bundles.push(new AppBundle());
    return bundles;
  }
}
