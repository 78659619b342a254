import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bundle, controller, writableDirectory } from 'sluice';
import type { BundleConfiguration, Container, Kernel, RateLimitStorage } from 'sluice';
import { ReferenceType } from 'sluice/routing';
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
import { createPictureStore } from './picture/create-picture-store.ts';
import type { S3PictureStoreOptions } from './picture/s3-picture-store.ts';
import { registerTokenCreateCommand } from './command/token-create-command.ts';
import { registerTokenManageCommands } from './command/token-manage-commands.ts';

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
  /** APP_UPLOAD_DIR: where the local store keeps uploaded pictures; `<var>/uploads/pictures` by default. */
  uploadDir: string | undefined;
  /** APP_STORAGE: `local`, `database`, a `postgresql://` URL or `s3` (see picture/create-picture-store.ts). */
  storage: string;
  /** The bucket of APP_STORAGE=s3. */
  s3?: S3PictureStoreOptions;
  /** The API's access tokens (`app:token:create`), kept in the database beside the events. */
  accessTokens: StoredAccessTokens;
  /** The `api_writes` limit (`@RateLimit` on the API's writes): per token, per minute; Redis shares it between instances. */
  apiWrites: { limit: number; storage?: RateLimitStorage | undefined };
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

  /** The pictures of the first events, shipped with the bundle as public assets. */
  get shippedPicturesDir(): string {
    return join(this.path, 'Resources', 'public', 'images', 'events');
  }

  /** The pages (the admin's only with a password), the pictures service and `app:setup`. */
  override configure(kernel: Kernel): BundleConfiguration {
    const options = this.#options;
    const events = (container: Container): EventRepository => container.get('entity_manager').getRepository(Event) as EventRepository;
    const uploadDir = this.#uploadDir(kernel);
    // The bundle's own pictures (the first events') ship with it, the same on every instance.
    const shipped = new LocalPictureStore(this.shippedPicturesDir);
    return {
      services: {
        'app.access_tokens': () => options.accessTokens,
        'app.picture_store': (container) => (this.#pictureStore = createPictureStore(options.storage, uploadDir, () => container.get('entity_manager'), kernel.projectDir, options.s3)),
        'app.event_images': (container) => new EventImages({ store: container.get('app.picture_store'), maxBytes: options.maxImageBytes }),
      },
      // Guessed template names get the bundle's namespace: HomeController::indexAction → @App/home/index.html.twig.
      controllers: [
        controller(HomeController, (container) => new HomeController(() => events(container))),
        EventController,
        ...(options.admin ? [
          controller(SecurityController, (container) => new SecurityController(() => container.get('security.authentication_utils'))),
          controller(AdminEventController, (container) => new AdminEventController({
            events: () => events(container),
            images: () => container.get('app.event_images'),
            csrf: () => container.get('security.csrf_token_manager'),
            templating: () => container.get('templating'),
            path: (name, parameters = {}) => container.get('router').generate(name, parameters, ReferenceType.ABSOLUTE_PATH, container.get('router.request_context').current()),
          })),
        ] : []),
        // Uploads first, then the bundle's pictures.
        controller(PictureController, (container) => new PictureController(() => [container.get('app.picture_store'), shipped])),
        controller(ApiEventController, (container) => new ApiEventController({
          events: () => events(container),
          images: () => container.get('app.event_images'),
          url: (name, parameters = {}) => container.get('router').generate(name, parameters, ReferenceType.ABSOLUTE_URL, container.get('router.request_context').current()),
        })),
      ],
      commands: [registerSetupCommand, registerTokenCreateCommand(options.accessTokens), registerTokenManageCommands(options.accessTokens), migrationCommands((each) => new Migrator(each.container.get('entity_manager').connection, appMigrations))],
    };
  }

  override build(kernel: Kernel): void {
    const entities = kernel.container.get('entity_manager');
    entities.register(Event, eventMetadata, (connection, metadata) => new EventRepository(connection.repository(metadata)));
    entities.register(AccessTokenRecord, accessTokenMetadata);
    const { limit, storage } = this.#options.apiWrites;
    kernel.container.get('rate_limiters').define('api_writes', { policy: 'sliding_window', limit, intervalMs: 60_000, ...(storage !== undefined && { storage }) });
    registerTranslator(kernel);
    // The local store writes uploads there: made at boot, so readiness tells whether it can
    // be written, not whether a first upload came; an instance that cannot write is not ready.
    if (this.#options.storage === 'local') {
      const uploadDir = this.#uploadDir(kernel);
      try {
        mkdirSync(uploadDir, { recursive: true });
      } catch {
        // reported by the readiness check below
      }
      kernel.container.get('health_checks').add('uploads', writableDirectory(uploadDir));
    }
  }

  #uploadDir(kernel: Kernel): string {
    return this.#options.uploadDir ?? join(kernel.varDir, 'uploads', 'pictures');
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
