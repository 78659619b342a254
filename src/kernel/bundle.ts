import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Kernel } from './kernel.ts';
import type { BundleConfiguration } from './bundle-configuration.ts';

/**
 * A package of features for a kernel: it registers services, listeners, routes,
 * controllers and console commands in `build`, may start things in `boot`, and may ship
 * public assets (installed under `public/bundles/<short name>/`).
 */
export abstract class Bundle {
  /** The bundle's name: its class name, e.g. `AppBundle`. */
  get name(): string {
    return this.constructor.name;
  }

  /** The name used in asset paths: `AppBundle` → `app`, `WebProfilerBundle` → `webprofiler`. */
  get shortName(): string {
    return this.name.replace(/Bundle$/, '').toLowerCase();
  }

  /** The bundle's directory, for its resources; undefined when it has none. */
  get path(): string | undefined {
    return undefined;
  }

  /** The directory of public assets: `<path>/Resources/public`, when it exists. */
  get publicDir(): string | undefined {
    const path = this.path;
    if (path === undefined) return undefined;
    const dir = join(path, 'Resources', 'public');
    return existsSync(dir) ? dir : undefined;
  }

  /**
   * Declares the bundle's controllers, subscribers, services and commands (see
   * BundleConfiguration): the kernel registers them, routes and templates included,
   * just before `build`. Runs once per kernel, in bundle order.
   */
  configure(_kernel: Kernel): BundleConfiguration {
    return {};
  }

  /** Registers what the bundle brings beyond its configuration. Runs once per kernel, in bundle order. */
  build(_kernel: Kernel): void {}

  /** Runs after every bundle was built. */
  boot(_kernel: Kernel): void {}

  /** Releases what `boot` started (connections, timers). */
  async shutdown(_kernel: Kernel): Promise<void> {}
}
