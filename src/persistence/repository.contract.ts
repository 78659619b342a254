import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Connection } from './connection.ts';
import type { WritableRepository } from './repository.ts';
import { eventMetadata, fixtures, TestEvent } from './test-support/event-fixture.ts';

export interface ContractBackend {
  /** A connection to an empty database (or schema) of the backend. */
  open(): Promise<Connection>;
  /** Removes what `open` created. */
  cleanup?(): Promise<void>;
  /** Why the backend cannot run here; the suite is skipped with this message. */
  skip?: string | undefined;
}

/**
 * The behaviour every Repository backend shares; each backend runs it in a few lines
 * (sqlite-repository.test.ts, postgres-repository.test.ts).
 */
export function repositoryContract(name: string, backend: ContractBackend): void {
  describe(`${name} repository (shared contract)`, { skip: backend.skip ?? false }, () => {
    const metadata = eventMetadata();
    let connection: Connection;
    let events: WritableRepository<TestEvent>;

    before(async () => {
      connection = await backend.open();
      await connection.createTable(metadata);
      events = connection.repository(metadata);
      for (const event of fixtures) await events.insert(event);
    });

    after(async () => {
      await connection?.dropTable(metadata);
      await connection?.close();
      await backend.cleanup?.();
    });

    it('finds an entity by its id', async () => {
      assert.equal((await events.find(42))?.title, 'Jazz night');
    });

    it('finds an entity by an id given as text, as route attributes are', async () => {
      assert.equal((await events.find('43'))?.slug, 'opening');
    });

    it('answers undefined for an id that matches no row', async () => {
      assert.equal(await events.find(99), undefined);
    });

    it('answers undefined, without failing, for an id the column cannot hold', async () => {
      assert.equal(await events.find('abc'), undefined);
    });

    it('finds one entity matching every criterion', async () => {
      assert.equal((await events.findOneBy({ slug: 'workshop', published: false }))?.id, 44);
      assert.equal(await events.findOneBy({ slug: 'workshop', published: true }), undefined);
    });

    it('matches SQL NULL with a null criterion', async () => {
      assert.equal((await events.findOneBy({ price: null }))?.id, 43);
    });

    it('reads numbers, booleans and dates back as JavaScript values', async () => {
      const event = (await events.find(42))!;
      assert.ok(event instanceof TestEvent);
      assert.deepEqual([event.id, event.price, event.published], [42, 12.5, true]);
      assert.ok(event.startsAt instanceof Date);
      assert.equal(event.startsAt.toISOString(), '2030-05-01T20:00:00.000Z');
    });

    it('finds by a date criterion', async () => {
      assert.equal((await events.findOneBy({ starts_at: new Date('2030-04-01T18:00:00Z') }))?.id, 43);
    });

    it('finds several entities in the requested order, up to a limit', async () => {
      const found = await events.findBy({ published: true }, { orderBy: { starts_at: 'desc' }, limit: 5 });
      assert.deepEqual(found.map((event) => event.id), [42, 43]);
      assert.deepEqual((await events.findBy({}, { orderBy: { id: 'asc' }, limit: 1 })).map((e) => e.id), [42]);
    });

    it('gives an inserted entity without an id the next one, and says which', async () => {
      const id = await events.insert(new TestEvent(undefined, 'Late show', 'late-show'));
      const found = await events.findOneBy({ slug: 'late-show' });
      assert.equal(typeof found?.id, 'number');
      assert.ok(found!.id! > 0);
      assert.equal(id, found!.id);
    });

    it('updates the columns of an existing entity, found by its id', async () => {
      const event = (await events.find(42))!;
      assert.equal(await events.update(new TestEvent(42, 'Renamed', event.slug, event.price, event.published, event.startsAt)), true);
      assert.equal((await events.find(42))!.title, 'Renamed');
      assert.equal(await events.update(new TestEvent(999_999, 'Ghost', 'ghost')), false);
    });

    it('skips rows before a page with an offset', async () => {
      const all = (await events.findBy({}, { orderBy: { id: 'asc' } })).map((e) => e.id);
      assert.deepEqual((await events.findBy({}, { orderBy: { id: 'asc' }, limit: 1, offset: 1 })).map((e) => e.id), all.slice(1, 2));
    });

    it('deletes the entity of an id, and says whether there was one', async () => {
      const id = await events.insert(new TestEvent(undefined, 'Cancelled', 'cancelled'));
      assert.equal(await events.delete(id), true);
      assert.equal(await events.find(id), undefined);
      assert.equal(await events.delete(id), false);
      assert.equal(await events.delete('not-a-number'), false);
    });

    it('rejects a criterion that is not a column, naming the known ones', async () => {
      await assert.rejects(async () => events.findOneBy({ nope: 1 }), /Unknown column "nope" for table "events_\w+"; known columns: "id", "title"/);
    });
  });
}
