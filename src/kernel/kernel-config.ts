import type { SecurityHeadersInput } from '../framework-bundle/security-headers.ts';
import type { ExceptionMapping } from '../error-handler/exception-mapping.ts';
import type { LogRotation } from '../log/log-destination.ts';
import { SluiceError } from '../exception/sluice-error.ts';
/** The framework's configuration, per environment (the application's `config/` gives it). */
export interface FrameworkConfig {
  /** Signs cookies and CSRF tokens; required outside dev and test. */
  secret: string;
  charset: string;
  defaultLocale: string;
  /** Locales an application supports; Accept-Language negotiates among them. */
  enabledLocales: readonly string[];
  /** Proxies whose forwarded headers are believed: IPs or CIDR ranges, v4 or v6. */
  trustedProxies: readonly string[];
  /** Which forwarded headers a trusted proxy may set. */
  trustedHeaders: readonly ('forwarded' | 'x-forwarded-for' | 'x-forwarded-proto' | 'x-forwarded-host' | 'x-forwarded-port')[];
  /** Host patterns the application answers to (regular expression sources); empty: any. */
  trustedHosts: readonly string[];
  /**
   * Install process-level handlers on the first main request, so an error escaping a
   * request's handling is logged and answered with the error page (see
   * DebugHandlersListener) instead of ending the process. Default true.
   */
  handleUncaughtErrors: boolean;
  session: SessionConfig;
  /** nosniff, Referrer-Policy, CSP on HTML, HSTS on secure requests (see SecurityHeadersConfig); `false` for none. */
  securityHeaders: SecurityHeadersInput | false;
  /** Log level and error-page status per exception class, as Symfony 5.4's `framework.exceptions`. */
  exceptions: ExceptionMapping;
  /** `_controller` of the error sub-request. */
  errorController: string;
  /** `X-Robots-Tag: noindex` on every response; defaults to the debug flag. */
  disallowSearchEngineIndex: boolean | undefined;
  /** Log files and their formats; see Kernel.configureLogging. */
  log: {
    /** `line` (var/log/<env>.log, Monolog's format), `jsonl` (var/log/<env>.jsonl) or `stdout-jsonl` (prod's default). */
    format: 'line' | 'jsonl' | 'stdout-jsonl';
    /** Buffer each request's entries and write them only when one reaches ERROR (404/405 excluded). */
    fingersCrossed: boolean;
    /** Channels excluded from the files, e.g. `['!event']`. */
    channels: readonly string[] | undefined;
    /** Log files set aside by size or day, N kept (default 10 MiB, 5 kept); undefined for stdout. */
    rotate: LogRotation | undefined;
    /** One `request` entry per main request, past the prod buffer, with its status and duration (default: prod). */
    accessLog: boolean;
  };
}

/** Sessions: where they live and the cookie that names them. See src/session/. */
export interface SessionConfig {
  /** `memory` (one process), `file` (survives restarts) or `redis` (shared by several processes). */
  store: 'memory' | 'file' | 'redis';
  /** The redis store's server. */
  redisUrl: string;
  /** The redis store's key prefix, so several applications can share a server. */
  redisPrefix: string;
  /** The file store's directory; relative to the project directory. */
  savePath: string;
  /** Seconds a session lives in the store after its last write (PHP's gc_maxlifetime). */
  ttl: number;
  cookie: SessionCookieConfig;
}

export interface SessionCookieConfig {
  name: string;
  /** Seconds; 0 makes a session cookie, dropped when the browser closes. */
  lifetime: number;
  path: string;
  domain: string | undefined;
  /** `auto`: Secure when the request came over https (forwarded by a trusted proxy or not). */
  secure: boolean | 'auto';
  httpOnly: boolean;
  sameSite: 'lax' | 'strict' | 'none';
}

export type SessionConfigInput = Partial<Omit<SessionConfig, 'cookie'>> & { cookie?: Partial<SessionCookieConfig> };

export type FrameworkConfigInput = Partial<Omit<FrameworkConfig, 'log' | 'session'>> & {
  log?: Partial<FrameworkConfig['log']>;
  session?: SessionConfigInput;
};

export function resolveFrameworkConfig(input: FrameworkConfigInput, environment: string, debug: boolean): FrameworkConfig {
  const prod = !debug;
  return {
    secret: input.secret ?? (environment === 'prod' ? requireSecret() : `${environment}-secret-not-for-production`),
    charset: input.charset ?? 'UTF-8',
    defaultLocale: input.defaultLocale ?? 'en',
    enabledLocales: input.enabledLocales ?? [],
    trustedProxies: input.trustedProxies ?? [],
    trustedHeaders: input.trustedHeaders ?? ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port'],
    trustedHosts: input.trustedHosts ?? [],
    handleUncaughtErrors: input.handleUncaughtErrors ?? true,
    session: resolveSessionConfig(input.session ?? {}),
    exceptions: input.exceptions ?? {},
    securityHeaders: input.securityHeaders ?? {},
    errorController: input.errorController ?? 'error_controller',
    disallowSearchEngineIndex: input.disallowSearchEngineIndex,
    log: {
      format: input.log?.format ?? (prod ? 'stdout-jsonl' : 'line'),
      fingersCrossed: input.log?.fingersCrossed ?? prod,
      channels: input.log?.channels,
      rotate: input.log !== undefined && 'rotate' in input.log ? input.log.rotate : { maxBytes: 10 * 1024 * 1024, keep: 5 },
      accessLog: input.log?.accessLog ?? prod,
    },
  };
}

function resolveSessionConfig(input: SessionConfigInput): SessionConfig {
  const cookie = input.cookie ?? {};
  return {
    store: input.store ?? 'memory',
    redisUrl: input.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: input.redisPrefix ?? 'sluice:session:',
    savePath: input.savePath ?? 'var/sessions',
    ttl: input.ttl ?? 1440,
    cookie: {
      name: cookie.name ?? 'SLUICESESSID',
      lifetime: cookie.lifetime ?? 0,
      path: cookie.path ?? '/',
      domain: cookie.domain,
      secure: cookie.secure ?? 'auto',
      httpOnly: cookie.httpOnly ?? true,
      sameSite: cookie.sameSite ?? 'lax',
    },
  };
}

function requireSecret(): string {
  const secret = process.env.APP_SECRET;
  if (secret === undefined || secret.length < 16) {
    throw new SluiceError('SLUICE_MISSING_SECRET', {});
  }
  return secret;
}
