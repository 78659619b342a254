import { Kernel, type KernelOptions } from 'sluice';
import type { Bundle } from 'sluice';
import { FrameworkBundle } from 'sluice';
import { FrameworkExtraBundle } from 'sluice';
import { SecurityBundle } from 'sluice/security';
import { TemplatingBundle } from 'sluice';
import { AppBundle } from './app-bundle/app-bundle.ts';
import { AdminUserProvider } from './app-bundle/security/admin-user-provider.ts';
import { formatSize } from './app-bundle/image/event-images.ts';
import { formatDatetimeFilter } from './app-bundle/twig/format-datetime.ts';
import { appSettingsFor, type AppSettings } from '../config/config.ts';
import { devBundles } from './dev-bundles.ts';

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

  constructor(options: AppKernelOptions) {
    super(options);
    this.settings = options.settings ?? appSettingsFor(options.environment);
  }

  /**
   * The order decides the order of listeners with equal priorities, which the logs show:
   * the profiler's collectors come first on kernel.controller, then the declaration
   * listeners (FrameworkExtraBundle), and IsGrantedListener after ErrorListener on
   * kernel.controller_arguments. None of these bundles adds a kernel.request listener.
   */
  registerBundles(): Bundle[] {
    const { database, adminPassword, maxImageBytes, staticIndexRefreshMs } = this.settings;
    const admin = adminPassword !== undefined;
    const bundles: Bundle[] = [new FrameworkBundle()];
    if (this.debug) bundles.push(new (devBundles().WebProfilerBundle)());
    bundles.push(new FrameworkExtraBundle({ database }));
    bundles.push(new SecurityBundle({
      ...(admin && {
        provider: new AdminUserProvider(adminPassword, () => this.container.get('security.password_hasher')),
        formLogin: { loginPath: '/login', defaultTargetPath: '/admin/events' },
        logout: { path: '/logout', target: '/', csrfTokenId: 'logout' },
      }),
      roleHierarchy: { ROLE_ADMIN: ['ROLE_USER'] },
    }));
    bundles.push(new TemplatingBundle({
      globals: { adminArea: admin, maxImageSize: formatSize(maxImageBytes) },
      filters: { format_datetime: formatDatetimeFilter(() => this.container.get('request_stack').getCurrentRequest()?.getLocale() ?? this.config.defaultLocale) },
    }));
    // Still registered for the legacy `server:run`; see the README on moving to `serve`.
    if (this.environment === 'dev') bundles.push(new (devBundles().WebServerBundle)());
    // make:controller and make:subscriber write into the bundle (commands only, no listener).
    if (this.environment === 'dev') bundles.push(new (devBundles().MakerBundle)(makerPaths));
    bundles.push(new AppBundle({ database, admin, maxImageBytes, staticIndexRefreshMs }));
    return bundles;
  }
}
