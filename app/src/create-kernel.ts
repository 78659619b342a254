import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LegacyDebug } from 'sluice';
import { AppKernel } from './app-kernel.ts';
import { appSettingsFor, configFor, debugByDefault, loadEnvFor, type AppSettings } from '../config/config.ts';

export const projectDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The front controller's job: pick the environment (APP_ENV, default dev), turn on debug
 * error handling in debug, and build the kernel. This application still calls the 4.3
 * `Debug.enable()`; a new one calls `Debug.enable()` from `src/error-handler/debug.ts`.
 * `settings` overrides the application's settings read from the environment (tests give
 * each run its own database this way). `varDir` (default APP_VAR_DIR, else `app/var`) is
 * where logs, profiles and file sessions go: tests give one of their own.
 */
export function createKernel(environment = process.env.APP_ENV ?? 'dev', debug?: boolean, settings: Partial<AppSettings> = {}, varDir = emptyToUndefined(process.env.APP_VAR_DIR)): AppKernel {
  loadEnvFor(environment);
  const isDebug = debug ?? debugByDefault(environment);
  if (isDebug) LegacyDebug.enable();
  const config = configFor(environment);
  return new AppKernel({ environment, debug: isDebug, projectDir, varDir, config, settings: { ...appSettingsFor(environment), ...settings } });
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
