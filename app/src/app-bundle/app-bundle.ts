import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { Bundle, writableDirectory } from 'sluice';
import type { Kernel } from 'sluice';
import { ReferenceType } from 'sluice/routing';
import { loadRoutesFromControllers } from 'sluice/decorators';
import { migrationCommands, Migrator, type SqliteConnection } from 'sluice/persistence';
import { appMigrations } from './migration/app-migrations.ts';
import { AccessTokenRecord, accessTokenMetadata, type StoredAccessTokens } from 'sluice/security';
import { registerTranslator } from 'sluice';
import { Event, eventMetadata } from './entity/event.ts';
import { EventRepository } from './entity/event-repository.ts';
import { setUpSqliteSchema } from './entity/event-schema.ts';
import { EventImages } from './image/event-images.ts';
import { HomeController } from './controller/home-controller.ts';
import { EventController } from './controller/event-controller.ts';
import { SecurityController } from './controller/security-controller.ts';
import { AdminEventController } from './controller/admin-event-controller.ts';
import { ApiEventController } from './controller/api-event-controller.ts';
import { registerSetupCommand } from './command/setup-command.ts';
import { PictureController } from './controller/picture-controller.ts';
import type { PictureStore } from './picture/picture-store.ts';
import { LocalPictureStore } from './picture/local-picture-store.ts';
import { createPictureStore, isSharedStorage } from './picture/create-picture-store.ts';
import { registerTokenCreateCommand } from './command/token-create-command.ts';

declare module 'sluice' {
  interface ServiceMap {
    /** The events' pictures: checks and stores uploads. */
    'app.event_images': EventImages;
    /** Where uploaded pictures are kept (APP_STORAGE). */
    'app.picture_store': PictureStore;
    /** The API's access tokens: `create(user)` issues one. */
    'app.access_tokens': StoredAccessTokens;
  }
}

export interface AppBundleOptions {
  /** The database URL given to the FrameworkExtraBundle: SQLite is set up at boot. */
  database: string;
  /** Whether the admin area and its login page exist (there is an admin password). */
  admin: boolean;
  maxImageBytes: number;
  staticIndexRefreshMs: number;
  /** APP_STORAGE: `local`, `database` or a `postgresql://` URL (see picture/create-picture-store.ts). */
  storage: string;
  /** The API's access tokens (`app:token:create`), kept in the database beside the events. */
  accessTokens: StoredAccessTokens;
}

/**
 * The events site: its entity, pages, translations, pictures (public assets, installed
 * under `/bundles/app/`) and the `app:setup` command. With SQLite (the default) its
 * database is created and seeded when the kernel boots, so a new checkout runs as is.
 */
export class AppBundle extends Bundle {
  readonly #options: AppBundleOptions;
  #pictureStore: PictureStore | undefined;

  constructor(options: AppBundleOptions) {
    super();
    this.#options = options;
  }

  override get path(): string {
    return dirname(fileURLToPath(import.meta.url));
  }

  override build(kernel: Kernel): void {
    const { container } = kernel;
    const options = this.#options;
    container.get('entity_manager').register(Event, eventMetadata, (connection, metadata) => new EventRepository(connection.repository(metadata)));
    container.get('entity_manager').register(AccessTokenRecord, accessTokenMetadata);
    container.set('app.access_tokens', options.accessTokens);
    registerTranslator(kernel);

    const events = (): EventRepository => container.get('entity_manager').getRepository(Event) as EventRepository;
    const local = {
      bundleDir: join(this.path, 'Resources', 'public', 'images', 'events'),
      installedDir: join(kernel.publicDir, 'bundles', this.shortName),
      published: () => container.find('static_files')?.refresh() ?? delay(options.staticIndexRefreshMs === 0 ? 0 : options.staticIndexRefreshMs + 250),
    };
    container.factory('app.picture_store', () => (this.#pictureStore = createPictureStore(options.storage, local, () => container.get('entity_manager'), kernel.projectDir)));
    container.factory('app.event_images', () => new EventImages({ store: container.get('app.picture_store'), maxBytes: options.maxImageBytes }));

    const shared = isSharedStorage(options.storage);
    const controllers = [
      ...(options.admin ? [HomeController, EventController, SecurityController, AdminEventController] : [HomeController, EventController]),
      ...(shared ? [PictureController] : []),
    ];
    if (shared) {
      // The bundle's own pictures (the first events') are the same on every instance: the fallback.
      const shipped = new LocalPictureStore({ ...local, published: async () => {} });
      kernel.controllers.registerClass(PictureController, () => new PictureController(() => [container.get('app.picture_store'), shipped]));
    }
    kernel.routes.addCollection(loadRoutesFromControllers(controllers));
    kernel.controllers.registerClass(HomeController, () => new HomeController(events));
    kernel.controllers.registerClass(EventController);
    kernel.routes.addCollection(loadRoutesFromControllers([ApiEventController]));
    kernel.controllers.registerClass(ApiEventController, () => new ApiEventController({
      events,
      images: () => container.get('app.event_images'),
      url: (name, parameters = {}) => container.get('router').generate(name, parameters, ReferenceType.ABSOLUTE_URL, container.get('router.request_context').current()),
    }));
    if (options.admin) {
      kernel.controllers.registerClass(SecurityController, () => new SecurityController(() => container.get('security.authentication_utils')));
      kernel.controllers.registerClass(AdminEventController, () => new AdminEventController({
        events,
        images: () => container.get('app.event_images'),
        csrf: () => container.get('security.csrf_token_manager'),
        templating: () => container.get('templating'),
        path: (name, parameters = {}) => container.get('router').generate(name, parameters, ReferenceType.ABSOLUTE_PATH, container.get('router.request_context').current()),
      }));
    }
    // Guessed template names get the bundle's namespace: HomeController::indexAction → @App/home/index.html.twig.
    container.get('templating.controller_bundles').register(this, ...controllers);
    kernel.commands.push(registerSetupCommand, registerTokenCreateCommand(options.accessTokens), migrationCommands((each) => new Migrator(each.container.get('entity_manager').connection, appMigrations)));
    // Uploaded pictures are written there: an instance that cannot is not ready.
    container.get('health_checks').add('uploads', writableDirectory(join(this.path, 'Resources', 'public', 'images', 'events')));
  }

  override async shutdown(): Promise<void> {
    await this.#pictureStore?.close();
    this.#pictureStore = undefined;
  }

  /** SQLite answers synchronously: the table and the first events exist before the first request. */
  override boot(kernel: Kernel): void {
    if (!this.#options.database.startsWith('sqlite:')) return;
    const entities = kernel.container.get('entity_manager');
    const connection = entities.connection as SqliteConnection;
    setUpSqliteSchema(entities, connection);
    connection.createTable(accessTokenMetadata);
  }
}
