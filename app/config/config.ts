import { randomBytes } from 'node:crypto';
import type { FrameworkConfigInput } from 'sluice';

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
  return env.APP_DEBUG === undefined ? environment !== 'prod' : env.APP_DEBUG !== '0';
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
    log: { format: 'stdout-jsonl', fingersCrossed: true },
    // A malformed request is the client's doing: a warning, which the prod buffer does not write.
    exceptions: Object.fromEntries(
      ['BadRequestHttpException', 'UnsupportedMediaTypeHttpException', 'UnprocessableEntityHttpException', 'TooManyRequestsHttpException'].map((name) => [name, { logLevel: 'warning' }]),
    ),
  },
};

export function configFor(environment: string, env: NodeJS.ProcessEnv = process.env): FrameworkConfigInput {
  const config = environments[environment];
  if (config === undefined) throw new Error(`Unknown environment "${environment}"; known: ${Object.keys(environments).join(', ')}.`);
  let withEnv = { ...config, ...fromEnvironment(env) };
  // A command's stdout is its output (app/bin/console sets APP_LOG_FORMAT=file): its logs go to var/log/<env>.jsonl.
  if (env.APP_LOG_FORMAT === 'file' && withEnv.log?.format === 'stdout-jsonl') withEnv = { ...withEnv, log: { ...withEnv.log, format: 'jsonl' } };
  return environment === 'prod' ? { ...withEnv, secret: prodSecret() } : withEnv;
}

/**
 * What operators set in the environment, under Symfony's names (and APP_LOG_FORMAT=file,
 * prod's logs in var/log/prod.jsonl instead of stdout): SESSION_STORE (memory,
 * file or redis, with REDIS_URL), TRUSTED_PROXIES (IPs and CIDR ranges, comma-separated,
 * `REMOTE_ADDR` and `PRIVATE_SUBNETS` as in Symfony) and TRUSTED_HOSTS (host patterns).
 */
function fromEnvironment(env: NodeJS.ProcessEnv): FrameworkConfigInput {
  const out: FrameworkConfigInput = {};
  const store = env.SESSION_STORE;
  if (store !== undefined && store !== '') {
    if (store !== 'memory' && store !== 'file' && store !== 'redis') throw new Error(`SESSION_STORE must be memory, file or redis, "${store}" given.`);
    out.session = { store };
  }
  const list = (value: string | undefined): string[] | undefined => {
    const items = (value ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '');
    return items.length === 0 ? undefined : items;
  };
  const proxies = list(env.TRUSTED_PROXIES);
  if (proxies !== undefined) out.trustedProxies = proxies;
  // Symfony's recipe writes one regular expression (`^(localhost|example\.com)$`); a
  // comma-separated list of patterns is accepted too when it does not start with `^`.
  const hosts = env.TRUSTED_HOSTS?.trim().startsWith('^') === true ? [env.TRUSTED_HOSTS.trim()] : list(env.TRUSTED_HOSTS);
  if (hosts !== undefined) out.trustedHosts = hosts;
  return out;
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
  const maxImageBytes = Number(env.APP_MAX_IMAGE_BYTES ?? 2 * 1024 * 1024);
  if (!Number.isSafeInteger(maxImageBytes) || maxImageBytes <= 0) throw new Error(`APP_MAX_IMAGE_BYTES must be a positive number of bytes, "${env.APP_MAX_IMAGE_BYTES}" given.`);
  const password = env.APP_ADMIN_PASSWORD === '' ? undefined : env.APP_ADMIN_PASSWORD;
  return {
    database: env.DATABASE_URL ?? 'sqlite:var/data.db',
    adminPassword: password ?? (environment === 'prod' ? undefined : 'admin'),
    maxImageBytes,
    staticIndexRefreshMs: 2000,
  };
}
