import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envBoolean, envInteger, loadEnv } from 'sluice';
import type { FrameworkConfigInput } from 'sluice';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The variables of `app/.env` (defaults, committed), `app/.env.local` (this machine's,
 * not committed), `app/.env.<env>` and `app/.env.<env>.local`, read when the
 * configuration is first imported, as Symfony's bootstrap does: the real environment
 * wins over every file. APP_ENV chooses the files unless createKernel is given one.
 */
let loaded = loadEnv(appDir);

/** Loads the .env files of `environment` if the last load was for another one (tests build kernels of several). */
export function loadEnvFor(environment: string): void {
  if (loaded.environment !== environment) loaded = loadEnv(appDir, environment);
}

let generatedSecret: string | undefined;

/**
 * The prod secret signs CSRF tokens: it comes from APP_SECRET. Without one, a random
 * secret for this process keeps the app safe (never a well-known default), at the price
 * of tokens that do not survive a restart or cross processes (`npm start` says so).
 */
function prodSecret(): string {
  const secret = process.env.APP_SECRET;
  if (secret !== undefined && secret !== '') return secret;
  return (generatedSecret ??= randomBytes(32).toString('base64url'));
}

/** Whether a kernel of `environment` runs in debug unless told: APP_DEBUG decides when set ('0' is off), otherwise every environment but prod. */
export function debugByDefault(environment: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return envBoolean('APP_DEBUG', environment !== 'prod', env);
}

/** The framework configuration of each environment. */
const environments: Record<string, FrameworkConfigInput> = {
  dev: {
    defaultLocale: 'en',
    enabledLocales: ['en', 'fr'],
  },
  test: {
    defaultLocale: 'en',
    enabledLocales: ['en', 'fr'],
  },
  prod: {
    defaultLocale: 'en',
    enabledLocales: ['en', 'fr'],
    log: { format: 'jsonl', fingersCrossed: true },
  },
};

export function configFor(environment: string): FrameworkConfigInput {
  const config = environments[environment];
  if (config === undefined) throw new Error(`Unknown environment "${environment}"; known: ${Object.keys(environments).join(', ')}.`);
  return environment === 'prod' ? { ...config, secret: prodSecret() } : config;
}

/** The events application's own settings (the framework's are above). */
export interface AppSettings {
  /**
   * Where events are kept: `sqlite:var/data.db` (relative to `app/`, created and seeded on
   * first start), `sqlite:/abs/path.db`, or `postgresql://user@host/db` (run
   * `app/bin/console app:setup` once to create and seed its table). `DATABASE_URL`.
   */
  database: string;
  /**
   * The password of the `admin` user (`APP_ADMIN_PASSWORD`): plain, or a hash made by
   * the PasswordHasher (`$scrypt$...`). Default `admin` in dev and test; prod has no
   * default, and without it the admin area and the login page do not exist.
   */
  adminPassword: string | undefined;
  /** The largest event image accepted, in bytes (`APP_MAX_IMAGE_BYTES`); default 2 MiB. */
  maxImageBytes: number;
  /**
   * How long an uploaded image may take to be served when the server's static file index
   * cannot be refreshed on demand: `serveKernel` walks `public/` every 2000 ms (StaticFiles'
   * default) and does not register its index as a service. 0: do not wait (no server).
   */
  staticIndexRefreshMs: number;
}

export function appSettingsFor(environment: string, env: NodeJS.ProcessEnv = process.env): AppSettings {
  const maxImageBytes = envInteger('APP_MAX_IMAGE_BYTES', { default: 2 * 1024 * 1024, min: 1, unit: 'bytes' }, env);
  const password = env.APP_ADMIN_PASSWORD === '' ? undefined : env.APP_ADMIN_PASSWORD;
  return {
    database: env.DATABASE_URL || 'sqlite:var/data.db',
    adminPassword: password ?? (environment === 'prod' ? undefined : 'admin'),
    maxImageBytes,
    staticIndexRefreshMs: 2000,
  };
}
