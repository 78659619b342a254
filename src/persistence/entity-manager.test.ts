import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntityManager } from './entity-manager.ts';
import { SqliteConnection } from './sqlite-connection.ts';
import { PostgresConnection } from './postgres-connection.ts';
import { connectionFromUrl } from './connection-url.ts';
import type { Connection } from './connection.ts';
import { eventMetadata, TestEvent } from './test-support/event-fixture.ts';

class SpecialEvent extends TestEvent {}
class Unmapped {}

describe('EntityManager', () => {
  it('opens the connection on the first repository asked for, not before', () => {
    let opened = 0;
    const manager = new EntityManager(() => {
      opened++;
      return new SqliteConnection();
    }).register(TestEvent, eventMetadata());
    assert.equal(opened, 0);
    manager.getRepository(TestEvent);
    manager.getRepository(TestEvent);
    assert.equal(opened, 1);
  });

  it('knows a subclass of a registered entity as that entity', () => {
    const manager = new EntityManager(new SqliteConnection()).register(TestEvent, eventMetadata());
    assert.deepEqual([manager.has(TestEvent), manager.has(SpecialEvent), manager.has(Unmapped)], [true, true, false]);
  });

  it('names the registered entities when asked for another class', () => {
    const manager = new EntityManager(new SqliteConnection()).register(TestEvent, eventMetadata());
    assert.throws(() => manager.getRepository(Unmapped), { message: 'The class "Unmapped" is not a registered entity (registered: TestEvent).' });
  });

  it('builds a custom repository with the given factory', () => {
    const custom = { find: () => undefined, findOneBy: () => undefined, findBy: () => [] };
    const manager = new EntityManager(new SqliteConnection()).register(TestEvent, eventMetadata(), () => custom);
    assert.equal(manager.getRepository(TestEvent), custom);
  });

  it('creates the tables of every entity', async () => {
    const connection = new SqliteConnection();
    const manager = new EntityManager(connection).register(TestEvent, eventMetadata('events'));
    await manager.createSchema();
    assert.ok(connection.db.prepare("SELECT name FROM sqlite_master WHERE name = 'events'").get());
  });

  it('refuses a mapping whose names are not plain SQL identifiers', () => {
    const manager = new EntityManager(new SqliteConnection());
    assert.throws(() => manager.register(TestEvent, { ...eventMetadata(), table: 'events; DROP TABLE users' }), /Invalid SQL identifier "events; DROP TABLE users"/);
    assert.throws(() => manager.register(TestEvent, { ...eventMetadata(), id: 'uuid' }), /The id "uuid" of table "events_\w+" is not one of its columns/);
  });
});

describe('Database URLs', () => {
  const projectDir = mkdtempSync(join(tmpdir(), 'sluice-url-'));
  const close = (connection: Connection) => connection.close();

  it('opens an SQLite file relative to the project directory', () => {
    const connection = connectionFromUrl('sqlite:var/data.db', projectDir) as SqliteConnection;
    assert.equal(connection.db.name, join(projectDir, 'var', 'data.db'));
    close(connection);
  });

  it('opens an in-memory SQLite database', () => {
    const connection = connectionFromUrl('sqlite::memory:', projectDir) as SqliteConnection;
    assert.equal(connection.db.memory, true);
    close(connection);
  });

  it('builds a PostgreSQL pool for a postgresql:// URL, without connecting yet', async () => {
    const connection = connectionFromUrl('postgresql://nobody@127.0.0.1:1/none?schema=app', projectDir);
    assert.ok(connection instanceof PostgresConnection);
    assert.equal(connection.pool.totalCount, 0);
    await connection.close();
  });

  it('names the supported forms for any other URL', () => {
    assert.throws(() => connectionFromUrl('mysql://localhost/app', projectDir), /Unsupported database URL "mysql:\/\/localhost\/app": expected "sqlite:<path>"/);
  });
});
