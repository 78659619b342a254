import { Kernel, type KernelOptions } from 'sluice';
import type { Bundle } from 'sluice';
import { FrameworkBundle, RedisRateLimitStorage, closeRedisClient, createRedisClient } from 'sluice';
import { FrameworkExtraBundle } from 'sluice';
import { ApiBundle } from 'sluice';
import { CorsBundle } from 'sluice';
import { CompressionBundle } from 'sluice';
import { MetricsBundle } from 'sluice';
import { SecurityBundle } from 'sluice/security';
import { AccessTokenRecord, JwtAccessTokenHandler, StoredAccessTokens } from 'sluice/security';
import type { WritableRepository } from 'sluice/persistence';
import { TemplatingBundle } from 'sluice';
import { AppBundle } from './app-bundle/app-bundle.ts';
import { AdminUserProvider } from './app-bundle/security/admin-user-provider.ts';
import { formatSize } from './app-bundle/image/event-images.ts';
import { picturePathFilter } from './app-bundle/picture/picture-path.ts';
import { formatDatetimeFilter } from './app-bundle/twig/format-datetime.ts';
import { appSettingsFor, instanceHeaders, type AppSettings } from '../config/config.ts';
import { devBundles } from './dev-bundles.ts';
import { TelemetryBundle } from './telemetry-bundle.ts';

/** Where the makers write in this application: AppBundle's directories, its templates in the `@App` namespace. */
const makerPaths = {
  controllerDir: 'src/app-bundle/controller',
  subscriberDir: 'src/app-bundle/event-subscriber',
  templateDir: 'src/app-bundle/Resources/views',
  templateNamespace: 'App',
};

export interface AppKernelOptions extends KernelOptions {
  /** The application's settings; by default from the environment (see config/config.ts). */
  settings?: AppSettings;
}

/** The events application. */
export class AppKernel extends Kernel {
  readonly settings: AppSettings;
  /** The client the login and API-write limits share when sessions are in Redis; this kernel made it, so it closes it. */
  #rateLimitClient: ReturnType<typeof createRedisClient> | undefined;

  constructor(options: AppKernelOptions) {
    super(options);
    this.settings = options.settings ?? appSettingsFor(options.environment);
    // An instance of a cluster (SLUICE_INSTANCE_ID set) names itself outside prod, however it is served.
    const instance = process.env.SLUICE_INSTANCE_ID === undefined ? undefined : instanceHeaders(options.environment)['X-Instance'];
    if (instance !== undefined) this.responseFinishers.push((_request, response) => void response.headers.set('X-Instance', instance));
  }

  /**
   * The order decides the order of listeners with equal priorities, which the logs show:
   * the profiler's collectors come first on kernel.controller, then the declaration
   * listeners (FrameworkExtraBundle), and IsGrantedListener after ErrorListener on
   * kernel.controller_arguments. None of these bundles adds a kernel.request listener.
   */
  registerBundles(): Bundle[] {
    const { database, adminPassword, maxImageBytes, uploadDir, storage, s3, jwtSecret, corsAllowOrigin, apiWriteLimit } = this.settings;
    // Several instances share sessions through Redis; they share the login and API counts too.
    this.#rateLimitClient = this.config.session.store === 'redis' ? createRedisClient(this.config.session.redisUrl) : undefined;
    const rateLimitStorage = this.#rateLimitClient === undefined ? undefined : new RedisRateLimitStorage(this.#rateLimitClient);
    const accessTokens = new StoredAccessTokens(() => this.container.get('entity_manager').getRepository(AccessTokenRecord) as WritableRepository<AccessTokenRecord>);
    const admin = adminPassword !== undefined;
    const app = new AppBundle({ database, admin, maxImageBytes, uploadDir, storage, ...(s3 !== undefined && { s3 }), accessTokens, apiWrites: { limit: apiWriteLimit, storage: rateLimitStorage } });
    const bundles: Bundle[] = [new FrameworkBundle()];
    if (this.debug) bundles.push(new (devBundles().WebProfilerBundle)());
    bundles.push(new FrameworkExtraBundle({ database }));
    bundles.push(new SecurityBundle({
      ...(admin && {
        provider: new AdminUserProvider(adminPassword, () => this.container.get('security.password_hasher')),
        formLogin: { loginPath: '/login', defaultTargetPath: '/admin/events' },
        logout: { path: '/logout', target: '/', csrfTokenId: 'logout' },
        ...(rateLimitStorage !== undefined && { loginThrottling: { storage: rateLimitStorage } }),
      }),
      roleHierarchy: { ROLE_ADMIN: ['ROLE_USER'] },
      // The JSON API under /api: tokens from `app:token:create`, and JWTs when APP_JWT_SECRET is set.
      accessToken: { handlers: jwtSecret === undefined ? [accessTokens] : [accessTokens, new JwtAccessTokenHandler({ key: jwtSecret })] },
    }));
    bundles.push(new TemplatingBundle({
      globals: { adminArea: admin, maxImageSize: formatSize(maxImageBytes) },
      filters: { picture_path: picturePathFilter(app.shippedPicturesDir), format_datetime: formatDatetimeFilter(() => this.container.get('request_stack').getCurrentRequest()?.getLocale() ?? this.config.defaultLocale) },
    }));
    // Still registered for the legacy `server:run`; see the README on moving to `serve`.
    if (this.environment === 'dev') bundles.push(new (devBundles().WebServerBundle)());
    if (corsAllowOrigin !== undefined) {
      bundles.push(new CorsBundle({
        paths: { '^/api/': { allowOrigin: [corsAllowOrigin], allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], allowHeaders: ['Content-Type', 'Authorization'], exposeHeaders: ['Location'], maxAge: 3600 } },
      }));
    }
    bundles.push(new CompressionBundle());
    if (this.settings.metrics) bundles.push(new MetricsBundle());
    bundles.push(new ApiBundle({ openapi: { title: 'Events API', version: '1.0.0', description: 'The events of the site. Writing needs `Authorization: Bearer <token>` (app:token:create <user>).' } }));
    // make:controller and make:subscriber write into the bundle (commands only, no listener).
    if (this.environment === 'dev') bundles.push(new (devBundles().MakerBundle)(makerPaths));
    bundles.push(app);
    // last: it decorates what the others built (the dispatcher, the controller resolver)
    if (TelemetryBundle !== undefined) bundles.push(new TelemetryBundle());
    return bundles;
  }

  /**
   * The rate limits' Redis connection ends with the bundles that used it: left open, it
   * kept a stopped server's process running until it was killed.
   */
  override async shutdown(): Promise<void> {
    const client = this.#rateLimitClient;
    this.#rateLimitClient = undefined;
    try {
      await super.shutdown();
    } finally {
      if (client !== undefined) await closeRedisClient(client);
    }
  }
}
