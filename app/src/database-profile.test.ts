import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, createTestSchema, postgresSkipReason } from 'sluice/testing';
import { testApp, type TestApp } from './test-support/app-test-kernel.ts';
import { setUpSchema } from './app-bundle/entity/event-schema.ts';

/** The event page looks its event up by id: one query whose parameter is the id. */
async function checkEventPageQueries(app: TestApp, placeholder: RegExp): Promise<void> {
  const client = createClient(app.kernel);
  assert.equal((await client.get('/en/events/2')).status, 200);
  const profile = client.getProfile()!;
  const lookup = profile.queries().find((query) => /FROM "?(\w+"\.")?app_event"? WHERE "id" = /.test(query.sql));
  assert.ok(lookup, `the event's lookup is among ${profile.queries().map((query) => query.sql).join(' | ')}`);
  assert.match(lookup.sql, placeholder);
  assert.deepEqual(lookup.params, [2]);
  assert.ok(lookup.durationMs! >= 0);
  assert.equal(profile.database().count, profile.queries().length);

  const panel = await client.get(`/_profiler/${profile.token}?panel=db`);
  assert.equal(panel.status, 200);
  assert.ok(panel.texts('code.sql').includes(lookup.sql), 'the Database panel lists the query');
}

const postgresSkip = await postgresSkipReason();

describe('The database queries in a request\'s profile', () => {
  it('lists an SQLite request\'s queries with their parameters, in the client\'s profile and the Database panel', async () => {
    const app = testApp('test');
    try {
      await checkEventPageQueries(app, /= \?/);
    } finally {
      await app.close();
    }
  });

  describe('on PostgreSQL', { skip: postgresSkip }, () => {
    let schema: Awaited<ReturnType<typeof createTestSchema>>;
    let app: TestApp;
    before(async () => {
      schema = await createTestSchema();
      app = testApp('test', { database: schema.url });
      await setUpSchema(app.kernel.container.get('entity_manager'));
    });
    after(async () => {
      await app?.close();
      await schema?.drop();
    });

    it('lists a PostgreSQL request\'s queries the same way', () => checkEventPageQueries(app, /= \$1/));
  });

  it('has no database data in prod, where there is no profiler', async () => {
    const app = testApp('prod', { adminPassword: 'x' });
    try {
      const client = createClient(app.kernel);
      await client.get('/en/events/2');
      assert.equal(client.getProfile(), undefined);
    } finally {
      await app.close();
    }
  });
});
