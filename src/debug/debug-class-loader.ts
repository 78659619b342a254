import { DebugClassLoader as CurrentDebugClassLoader } from '../error-handler/debug-class-loader.ts';
import { triggerDeprecation } from '../error-handler/trigger-deprecation.ts';

let announced = false;

/**
 * The 4.3 location of the DebugClassLoader, kept working in 4.4: it forwards to
 * `error-handler/DebugClassLoader` and reports its own deprecation the first time it is used.
 *
 * @deprecated since Sluice 4.4, use error-handler/DebugClassLoader.
 */
export const LegacyDebugClassLoader = {
  enable(): void {
    if (!announced) {
      announced = true;
      triggerDeprecation('sluice/debug', '4.4', 'The "debug/DebugClassLoader" class is deprecated since Sluice 4.4, use "error-handler/DebugClassLoader" instead.');
    }
    CurrentDebugClassLoader.enable();
  },
};

/** For tests: the next use reports the deprecation again. */
export function resetLegacyDebugClassLoaderNotice(): void {
  announced = false;
}
