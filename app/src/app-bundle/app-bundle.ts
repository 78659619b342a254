import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { Bundle, controller } from 'sluice';
import type { BundleConfiguration, Container, Kernel } from 'sluice';
import { ReferenceType } from 'sluice/routing';
import { SqliteConnection } from 'sluice/persistence';
import { registerTranslator } from 'sluice';
import { Event, eventMetadata } from './entity/event.ts';
import { EventRepository } from './entity/event-repository.ts';
import { setUpSqliteSchema } from './entity/event-schema.ts';
import { EventImages } from './image/event-images.ts';
import { HomeController } from './controller/home-controller.ts';
import { EventController } from './controller/event-controller.ts';
import { SecurityController } from './controller/security-controller.ts';
import { AdminEventController } from './controller/admin-event-controller.ts';
import { registerSetupCommand } from './command/setup-command.ts';

declare module 'sluice' {
  interface ServiceMap {
    /** The events' pictures: checks and stores uploads. */
    'app.event_images': EventImages;
  }
}

export interface AppBundleOptions {
  /** The database URL given to the FrameworkExtraBundle: SQLite is set up at boot. */
  database: string;
  /** Whether the admin area and its login page exist (there is an admin password). */
  admin: boolean;
  maxImageBytes: number;
  staticIndexRefreshMs: number;
}

/**
 * The events site: its entity, pages, translations, pictures (public assets, installed
 * under `/bundles/app/`) and the `app:setup` command. With SQLite (the default) its
 * database is created and seeded when the kernel boots, so a new checkout runs as is.
 */
export class AppBundle extends Bundle {
  readonly #options: AppBundleOptions;

  constructor(options: AppBundleOptions) {
    super();
    this.#options = options;
  }

  override get path(): string {
    return dirname(fileURLToPath(import.meta.url));
  }

  /** The pages (the admin's only with a password), the pictures service and `app:setup`. */
  override configure(kernel: Kernel): BundleConfiguration {
    const options = this.#options;
    const events = (container: Container): EventRepository => container.get('entity_manager').getRepository(Event) as EventRepository;
    return {
      services: {
        'app.event_images': (container) => new EventImages({
          bundleDir: join(this.path, 'Resources', 'public', 'images', 'events'),
          installedDir: join(kernel.publicDir, 'bundles', this.shortName),
          maxBytes: options.maxImageBytes,
          published: () => container.find('static_files')?.refresh() ?? delay(options.staticIndexRefreshMs === 0 ? 0 : options.staticIndexRefreshMs + 250),
        }),
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
      ],
      commands: [registerSetupCommand],
    };
  }

  override build(kernel: Kernel): void {
    kernel.container.get('entity_manager').register(Event, eventMetadata, (connection, metadata) => new EventRepository(connection.repository(metadata)));
    registerTranslator(kernel);
  }

  /** SQLite answers synchronously: the table and the first events exist before the first request. */
  override boot(kernel: Kernel): void {
    if (!this.#options.database.startsWith('sqlite:')) return;
    const entities = kernel.container.get('entity_manager');
    setUpSqliteSchema(entities, entities.connection as SqliteConnection);
  }
}
