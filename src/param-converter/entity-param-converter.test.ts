import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EntityParamConverter } from './entity-param-converter.ts';
import { EntityManager } from '../persistence/entity-manager.ts';
import { SqliteConnection } from '../persistence/sqlite-connection.ts';
import { connectionFromUrl } from '../persistence/connection-url.ts';
import type { Connection } from '../persistence/connection.ts';
import type { Awaitable, Repository } from '../persistence/repository.ts';
import { eventMetadata, fixtures, TestEvent } from '../persistence/test-support/event-fixture.ts';
import { createTestSchema, postgresSkipReason } from '../testing/postgres-test-schema.ts';
import { Request } from '../http/request.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import type { ParamConverterConfiguration } from '../decorators/configuration.ts';

/** A custom repository over any backend, for the `repository_method` option. */
class EventRepository {
  constructor(readonly inner: Repository<TestEvent>) {}
  find(id: unknown) { return this.inner.find(id); }
  findOneBy(criteria: Record<string, unknown>) { return this.inner.findOneBy(criteria); }
  findBy(criteria: Record<string, unknown>) { return this.inner.findBy(criteria); }
  findOneBySlug(slug: unknown): Awaitable<TestEvent | undefined> { return this.inner.findOneBy({ slug }); }
  findPublished(criteria: Record<string, unknown>) { return this.inner.findOneBy({ ...criteria, published: true }); }
}

async function entityManager(connection: Connection): Promise<EntityManager> {
  const manager = new EntityManager(connection).register(TestEvent, eventMetadata(), (c, metadata) => new EventRepository(c.repository(metadata)));
  await manager.createSchema();
  const repository = connection.repository(manager.getMetadata(TestEvent));
  for (const event of fixtures) await repository.insert(event);
  return manager;
}

const config = (options: Record<string, unknown> = {}, extra: Partial<ParamConverterConfiguration> = {}): ParamConverterConfiguration =>
  ({ name: 'event', class: TestEvent, options, isOptional: false, annotation: 'ParamConverter', ...extra });
const request = (attributes: Record<string, unknown>) => Request.create('/', 'GET', { attributes: { _route: 'app_event_show', ...attributes } });

describe('EntityParamConverter (SQLite)', () => {
  let manager: EntityManager;
  let converter: EntityParamConverter;
  before(async () => {
    manager = await entityManager(new SqliteConnection(':memory:'));
    converter = new EntityParamConverter(manager);
  });
  after(() => manager.close());

  async function convert(attributes: Record<string, unknown>, configuration = config()): Promise<unknown> {
    const req = request(attributes);
    await converter.apply(req, configuration);
    return req.attributes.get(configuration.name);
  }

  it('supports registered entity classes only', () => {
    assert.deepEqual([converter.supports(config()), converter.supports(config({}, { class: Date })), converter.supports(config({}, { class: undefined }))], [true, false, false]);
  });

  it('finds the entity by the attribute named like the parameter', async () => {
    assert.equal(((await convert({ event: '42' })) as TestEvent).title, 'Jazz night');
  });

  it('converts synchronously, SQLite lookups being synchronous', () => {
    assert.equal(converter.apply(request({ event: '42' }), config()), true);
  });

  it('finds the entity by the id attribute when none is named like the parameter', async () => {
    assert.equal(((await convert({ id: '43' })) as TestEvent).slug, 'opening');
  });

  it('finds the entity by the attribute the id option names', async () => {
    assert.equal(((await convert({ event_id: '44', id: '42' }, config({ id: 'event_id' }))) as TestEvent).slug, 'workshop');
  });

  it('finds the entity by the attributes that are columns when there is no id', async () => {
    assert.equal(((await convert({ slug: 'opening', page: '2' })) as TestEvent).id, 43);
  });

  it('finds the entity by a declared mapping of attributes to columns', async () => {
    assert.equal(((await convert({ event_slug: 'workshop', id: '42' }, config({ mapping: { event_slug: 'slug' } }))) as TestEvent).id, 44);
  });

  it('leaves excluded attributes out of the criteria', async () => {
    const found = await convert({ slug: 'workshop', title: 'wrong title' }, config({ exclude: ['title'] }));
    assert.equal((found as TestEvent).id, 44);
  });

  it('leaves null attributes out of the criteria with strip_null', async () => {
    assert.equal(((await convert({ slug: 'opening', price: null }, config({ strip_null: true, mapping: { slug: 'slug', price: 'price' } }))) as TestEvent).id, 43);
  });

  it('calls the declared repository method with the id', async () => {
    assert.equal(((await convert({ event: 'jazz-night' }, config({ repository_method: 'findOneBySlug' }))) as TestEvent).id, 42);
  });

  it('calls the declared repository method with the criteria', async () => {
    await assert.rejects(convert({ slug: 'workshop' }, config({ repository_method: 'findPublished' })), NotFoundHttpException);
  });

  it('answers 404 naming the class and the declaration when nothing is found', async () => {
    await assert.rejects(convert({ event: '99' }), (error: unknown) => {
      assert.ok(error instanceof NotFoundHttpException);
      assert.equal(error.message, 'TestEvent object not found by the @ParamConverter annotation.');
      return true;
    });
  });

  it('names @Entity in the 404 of an @Entity declaration', async () => {
    await assert.rejects(convert({ event: 'abc' }, config({}, { annotation: 'Entity' })), { message: 'TestEvent object not found by the @Entity annotation.' });
  });

  it('gives null for an optional entity that is not found', async () => {
    assert.equal(await convert({ event: '99' }, config({}, { isOptional: true })), null);
  });

  it('explains when the request holds nothing to find the entity by', async () => {
    await assert.rejects(convert({ page: '2' }), {
      message: 'Unable to guess how to get an entity instance from the request information for parameter "event".',
    });
  });

  it('gives null for an optional entity the request holds nothing about', async () => {
    assert.equal(await convert({ page: '2' }, config({}, { isOptional: true })), null);
  });

  it('finds the entity with an expr function of the repository and attributes', async () => {
    const expr = (events: Repository<unknown>, attributes: Record<string, unknown>) => events.findOneBy({ slug: attributes.name });
    assert.equal(((await convert({ name: 'opening' }, config({ expr }))) as TestEvent).id, 43);
  });

  it('adds the expression to the 404 when an expr finds nothing', async () => {
    const expr = () => null;
    await assert.rejects(convert({}, config({ expr })), { message: `TestEvent object not found by the @ParamConverter annotation. The expression "${String(expr)}" returned null` });
  });

  it('rejects an unknown option, as a typo', async () => {
    await assert.rejects(convert({ event: '42' }, config({ mapings: {} }, { annotation: 'Entity' })), { message: 'Invalid option(s) passed to @Entity: mapings' });
  });

  it('names a repository method that does not exist', async () => {
    await assert.rejects(convert({ event: '42' }, config({ repository_method: 'findNope' })), /has no method "findNope" \(the "repository_method" option\)/);
  });
});

const skip = await postgresSkipReason();

describe('EntityParamConverter (PostgreSQL)', { skip: skip ?? false }, () => {
  let manager: EntityManager;
  let converter: EntityParamConverter;
  let drop: () => Promise<void>;
  before(async () => {
    const schema = await createTestSchema();
    drop = schema.drop;
    manager = await entityManager(connectionFromUrl(schema.url, process.cwd()));
    converter = new EntityParamConverter(manager);
  });
  after(async () => {
    await manager?.close();
    await drop?.();
  });

  it('converts asynchronously, by id', async () => {
    const req = request({ event: '42' });
    const applied = converter.apply(req, config());
    assert.ok(applied instanceof Promise);
    assert.equal(await applied, true);
    assert.equal((req.attributes.get('event') as TestEvent).title, 'Jazz night');
  });

  it('finds the entity by the attributes that are columns', async () => {
    const req = request({ slug: 'workshop' });
    await converter.apply(req, config());
    assert.equal((req.attributes.get('event') as TestEvent).published, false);
  });

  it('answers 404 when nothing is found', async () => {
    await assert.rejects(async () => converter.apply(request({ event: '99' }), config()), { message: 'TestEvent object not found by the @ParamConverter annotation.' });
  });
});
