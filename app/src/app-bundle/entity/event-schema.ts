import type { EntityManager } from 'sluice/persistence';
import { Migrator, SqliteConnection } from 'sluice/persistence';
import { appMigrations } from '../migration/app-migrations.ts';
import { Event } from './event.ts';
import type { EventRepository } from './event-repository.ts';

/** The events a new site starts with, a week apart from `now`, each with one of the bundle's images. */
export function firstEvents(now: Date = new Date()): Event[] {
  const day = (days: number, hours: number, minutes = 0): Date => {
    const date = new Date(now);
    date.setDate(date.getDate() + days);
    date.setHours(hours, minutes, 0, 0);
    return date;
  };
  const updatedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  return [
    new Event({ title: 'Opening night', venue: 'Main hall', startsAt: day(7, 19), image: 'opening.JPG', updatedAt, description: 'The season opens with music, speeches and a glass of something sparkling.' }),
    new Event({ title: 'Jazz night', venue: 'The Cellar', startsAt: day(14, 20, 30), image: 'jazz-night.JPG', updatedAt, description: 'A quartet plays standards and a few of its own tunes. Doors open at eight.' }),
    new Event({ title: 'Photography workshop', venue: 'Studio 2', startsAt: day(21, 10), image: 'workshop.JPG', updatedAt, description: 'Half a day of light, framing and practice. Bring a camera; phones are welcome.' }),
  ];
}

/**
 * Brings the schema up to date (the application's migrations) and, when the events table
 * is empty, adds the first events. SQLite answers synchronously, so this runs in the
 * bundle's boot and a site needs no set-up step; migrating and seeding each run in an
 * IMMEDIATE transaction, so processes starting together (a cluster, tests) seed once.
 * Returns how many events were added.
 */
export function setUpSqliteSchema(entities: EntityManager, connection: SqliteConnection): number {
  new Migrator(connection, appMigrations).migrateSync();
  return connection.db.transaction(() => {
    const events = entities.getRepository(Event) as EventRepository;
    if ((events.findBy({}, { limit: 1 }) as Event[]).length > 0) return 0;
    const seeds = firstEvents();
    for (const event of seeds) events.insert(event);
    return seeds.length;
  }).immediate();
}

/**
 * The same for any database (`app:setup`, the way to set up PostgreSQL). Instances that
 * start together each migrate (the migrator's lock makes that safe); seeding is one
 * statement per event after an emptiness check, so `app:setup` runs once, before them.
 */
export async function setUpSchema(entities: EntityManager): Promise<number> {
  const connection = entities.connection;
  if (connection instanceof SqliteConnection) return setUpSqliteSchema(entities, connection);
  await new Migrator(connection, appMigrations).migrate();
  const events = entities.getRepository(Event) as EventRepository;
  if ((await events.findBy({}, { limit: 1 })).length > 0) return 0;
  const seeds = firstEvents();
  for (const event of seeds) await events.insert(event);
  return seeds.length;
}
