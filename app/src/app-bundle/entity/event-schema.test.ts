import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EntityManager } from 'sluice/persistence';
import { connectionFromUrl } from 'sluice/persistence';
import { SqliteConnection } from 'sluice/persistence';
import { createTestSchema, postgresSkipReason } from 'sluice/testing';
import { Event, eventMetadata } from './event.ts';
import { EventRepository } from './event-repository.ts';
import { firstEvents, setUpSchema, setUpSqliteSchema } from './event-schema.ts';

function entityManager(url: string): EntityManager {
  return new EntityManager(() => connectionFromUrl(url, '/nonexistent')).register(Event, eventMetadata, (connection, metadata) => new EventRepository(connection.repository(metadata)));
}

describe('firstEvents', () => {
  it('are the three events of the bundle\'s images, a week apart and all to come', () => {
    const now = new Date(2030, 0, 1, 12);
    const events = firstEvents(now);
    assert.deepEqual(events.map((event) => event.image), ['opening.JPG', 'jazz-night.JPG', 'workshop.JPG']);
    assert.ok(events.every((event) => event.startsAt > now));
    assert.deepEqual(events.map((event) => event.startsAt.getDate()), [8, 15, 22]);
  });
});

describe('Setting up the events table in SQLite', () => {
  it('creates and seeds it synchronously, once', () => {
    const entities = entityManager('sqlite::memory:');
    const connection = entities.connection as SqliteConnection;
    assert.equal(setUpSqliteSchema(entities, connection), 3);
    assert.equal(setUpSqliteSchema(entities, connection), 0);
    assert.equal((entities.getRepository(Event).findBy({}) as Event[]).length, 3);
  });

  it('does the same through setUpSchema (app:setup)', async () => {
    const entities = entityManager('sqlite::memory:');
    assert.deepEqual([await setUpSchema(entities), await setUpSchema(entities)], [3, 0]);
  });
});

const skip = await postgresSkipReason();

describe('Setting up the events table in PostgreSQL (app:setup)', { skip: skip ?? false }, () => {
  let drop: (() => Promise<void>) | undefined;
  let entities: EntityManager | undefined;
  after(async () => {
    await entities?.close();
    await drop?.();
  });

  it('creates and seeds it once, and the repository reads the events back', async () => {
    const schema = await createTestSchema();
    drop = schema.drop;
    entities = entityManager(schema.url);
    assert.deepEqual([await setUpSchema(entities), await setUpSchema(entities)], [3, 0]);
    const events = entities.getRepository(Event) as EventRepository;
    const upcoming = await events.upcoming();
    assert.deepEqual(upcoming.map((event) => [event.id, event.title]), [[1, 'Opening night'], [2, 'Jazz night'], [3, 'Photography workshop']]);
    const jazz = (await events.find('2'))!;
    jazz.change({ venue: 'Upstairs' });
    assert.equal(await events.update(jazz), true);
    assert.equal((await events.find(2))!.venue, 'Upstairs');
  });
});
