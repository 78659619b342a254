import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envBoolean, envInteger, loadEnv } from 'sluice';
import type { FrameworkConfigInput } from 'sluice';
import { storageProblem } from '../src/app-bundle/picture/create-picture-store.ts';
import type { S3PictureStoreOptions } from '../src/app-bundle/picture/s3-picture-store.ts';
import { s3Settings } from '../src/app-bundle/picture/s3-settings.ts';

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
  let withEnv = { ...config, ...deploymentConfig(env) };
  // A command's stdout is its output (app/bin/console sets APP_LOG_FORMAT=file): its logs go to var/log/<env>.jsonl.
  if (env.APP_LOG_FORMAT === 'file' && withEnv.log?.format === 'stdout-jsonl') withEnv = { ...withEnv, log: { ...withEnv.log, format: 'jsonl' } };
  return environment === 'prod' ? { ...withEnv, secret: prodSecret() } : withEnv;
}

/**
 * What operators set in the environment, under Symfony's names, for every instance alike:
 * SESSION_STORE (memory, file or redis, with REDIS_URL), APP_SECRET (the same in every
 * instance, so one signs what another checks), TRUSTED_PROXIES (IPs and CIDR ranges,
 * comma-separated, `REMOTE_ADDR` and `PRIVATE_SUBNETS` as in Symfony) and TRUSTED_HOSTS
 * (host patterns). Unset, the environment's defaults stay. (APP_LOG_FORMAT=file, read by
 * configFor, puts prod's logs in var/log/prod.jsonl instead of stdout.)
 */
export function deploymentConfig(env: NodeJS.ProcessEnv = process.env): FrameworkConfigInput {
  const out: FrameworkConfigInput = {};
  const store = env.SESSION_STORE;
  if (store !== undefined && store !== '') {
    if (store !== 'memory' && store !== 'file' && store !== 'redis') throw new Error(`SESSION_STORE must be memory, file or redis, "${store}" given.`);
    out.session = { store };
  }
  if ((env.APP_SECRET ?? '') !== '') out.secret = env.APP_SECRET;
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

/**
 * Headers every response carries: outside prod, `X-Instance` names the process that
 * answered (SLUICE_INSTANCE_ID, else host:pid), so a test or a person behind a load
 * balancer sees where each request went. Prod does not tell.
 */
export function instanceHeaders(environment: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (environment === 'prod') return {};
  return { 'X-Instance': env.SLUICE_INSTANCE_ID || `${hostname()}:${process.pid}` };
}

/** The events application's own settings (the framework's are above). */
export interface AppSettings {
  /**
   * Where events are kept: `sqlite:var/data_<environment>.db` (relative to `app/`, one per
   * environment so trying prod leaves the dev data alone; created and seeded on first start), `sqlite:/abs/path.db`, or `postgresql://user@host/db` (run
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
   * Where uploaded pictures are kept (`APP_STORAGE`): `local` (a directory on this disk,
   * the default), `database` (a table in DATABASE_URL's PostgreSQL) or a
   * `postgresql://` URL, or `s3` (an S3 bucket). Several instances need a shared one.
   */
  storage: string;
  /**
   * Where the local store (`APP_STORAGE=local`) keeps uploaded pictures (`APP_UPLOAD_DIR`):
   * `var/uploads/pictures` of the kernel's var directory by default.
   */
  uploadDir: string | undefined;
  /** The bucket of APP_STORAGE=s3 (`S3_BUCKET`, `S3_ENDPOINT`, `S3_REGION`...); undefined for other stores. */
  s3: S3PictureStoreOptions | undefined;
  /** The HMAC secret (HS256) of JWTs the API accepts as access tokens (`APP_JWT_SECRET`); none by default. */
  jwtSecret: string | undefined;
  /**
   * Origins whose pages may call the API from a browser (CORS), a regular expression
   * (`CORS_ALLOW_ORIGIN`). Default in dev and test: localhost and 127.0.0.1 on any port,
   * as Symfony's recipe; none in prod unless set.
   */
  corsAllowOrigin: RegExp | undefined;
  /** Writes to the JSON API each access token may make per minute (`APP_API_WRITE_LIMIT`); default 60. */
  apiWriteLimit: number;
  /** `METRICS=1`: Prometheus metrics at `/metrics` (MetricsBundle); off by default. */
  metrics: boolean;
}

const localOrigins = '^https?://(localhost|127\\.0\\.0\\.1)(:[0-9]+)?$';

function corsAllowOrigin(environment: string, env: NodeJS.ProcessEnv): RegExp | undefined {
  const source = env.CORS_ALLOW_ORIGIN ?? (environment === 'prod' ? '' : localOrigins);
  if (source === '') return undefined;
  try {
    return new RegExp(source);
  } catch {
    throw new Error(`CORS_ALLOW_ORIGIN must be a regular expression, "${source}" given.`);
  }
}

export function appSettingsFor(environment: string, env: NodeJS.ProcessEnv = process.env): AppSettings {
  const maxImageBytes = envInteger('APP_MAX_IMAGE_BYTES', { default: 2 * 1024 * 1024, min: 1, unit: 'bytes' }, env);
  const password = env.APP_ADMIN_PASSWORD === '' ? undefined : env.APP_ADMIN_PASSWORD;
  return {
    database: env.DATABASE_URL || `sqlite:var/data_${environment}.db`,
    adminPassword: password ?? (environment === 'prod' ? undefined : 'admin'),
    maxImageBytes,
    storage: appStorage(env),
    uploadDir: env.APP_UPLOAD_DIR === '' ? undefined : env.APP_UPLOAD_DIR,
    s3: appStorage(env) === 's3' ? s3Settings(env) : undefined,
    jwtSecret: env.APP_JWT_SECRET === '' ? undefined : env.APP_JWT_SECRET,
    corsAllowOrigin: corsAllowOrigin(environment, env),
    apiWriteLimit: envInteger('APP_API_WRITE_LIMIT', { default: 60, min: 1, unit: 'writes per minute' }, env),
    metrics: envFlag('METRICS', env),
  };
}

function appStorage(env: NodeJS.ProcessEnv): string {
  const storage = env.APP_STORAGE === undefined || env.APP_STORAGE === '' ? 'local' : env.APP_STORAGE;
  const problem = storageProblem(storage);
  if (problem !== undefined) throw new Error(problem);
  return storage;
}

/** A yes/no setting: `1`/`true` or `0`/`false` (or unset); anything else is a one-line error. */
function envFlag(name: string, env: NodeJS.ProcessEnv): boolean {
  const value = env[name];
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new Error(`${name} must be 1 or 0 (true or false), "${value}" given.`);
}
