import type { WebProfilerBundle } from 'sluice/profiler';
import type { MakerBundle, WebServerBundle } from 'sluice/console';
import { debugByDefault } from '../config/config.ts';

/** The bundles only a debug kernel of this application registers. */
export interface DevBundles {
  readonly WebProfilerBundle: typeof WebProfilerBundle;
  readonly WebServerBundle: typeof WebServerBundle;
  readonly MakerBundle: typeof MakerBundle;
}

let loaded: DevBundles | undefined;

/**
 * Loads the dev-only bundles' modules: the web profiler (its collectors, panels and
 * tracing, which brings in @opentelemetry/api) and the legacy `server:run`. Calling it
 * again gives the same modules.
 */
export async function loadDevBundles(): Promise<DevBundles> {
  if (loaded !== undefined) return loaded;
  const [profiler, server] = await Promise.all([
    import('sluice/profiler'),
    import('sluice/console'),
  ]);
  loaded = { WebProfilerBundle: profiler.WebProfilerBundle, WebServerBundle: server.WebServerBundle, MakerBundle: server.MakerBundle };
  return loaded;
}

/** The dev bundles, for a debug kernel; a clear error when this process did not load them. */
export function devBundles(): DevBundles {
  if (loaded === undefined) {
    throw new Error('The dev bundles (web profiler, server:run) are not loaded: this process started as a production one (APP_ENV=prod). Start it with APP_ENV=dev, or `await loadDevBundles()` before building a debug kernel.');
  }
  return loaded;
}

/**
 * Whether this is a production process: started with APP_ENV=prod and without APP_DEBUG
 * turning debug on. Only such a process may skip the dev bundles; createKernel builds
 * its kernels without debug, and none of them is a dev one.
 */
export function isProductionProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.APP_ENV === 'prod' && !debugByDefault('prod', env);
}

// A production process never loads them: ~100 modules, about 3 MB of its memory.
if (!isProductionProcess()) await loadDevBundles();
