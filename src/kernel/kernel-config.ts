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
  /** `_controller` of the error sub-request. */
  errorController: string;
  /** `X-Robots-Tag: noindex` on every response; defaults to the debug flag. */
  disallowSearchEngineIndex: boolean | undefined;
  /** Log files and their formats; see Kernel.configureLogging. */
  log: {
    /** `line` (var/log/<env>.log, Monolog's format), `jsonl` (var/log/<env>.jsonl) or `stdout-jsonl`. */
    format: 'line' | 'jsonl' | 'stdout-jsonl';
    /** Buffer each request's entries and write them only when one reaches ERROR (404/405 excluded). */
    fingersCrossed: boolean;
    /** Channels excluded from the files, e.g. `['!event']`. */
    channels: readonly string[] | undefined;
  };
}

export type FrameworkConfigInput = Partial<Omit<FrameworkConfig, 'log'>> & { log?: Partial<FrameworkConfig['log']> };

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
    errorController: input.errorController ?? 'error_controller',
    disallowSearchEngineIndex: input.disallowSearchEngineIndex,
    log: {
      format: input.log?.format ?? (prod ? 'jsonl' : 'line'),
      fingersCrossed: input.log?.fingersCrossed ?? prod,
      channels: input.log?.channels,
    },
  };
}

function requireSecret(): string {
  const secret = process.env.APP_SECRET;
  if (secret === undefined || secret.length < 16) {
    throw new Error('The "secret" setting is required in prod: set APP_SECRET (at least 16 characters) or framework.secret.');
  }
  return secret;
}
