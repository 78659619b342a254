import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestSchema, postgresSkipReason } from 'sluice/testing';
import { createClient } from 'sluice/testing';
import { hiddenValue, testApp, type TestApp } from '../test-support/app-test-kernel.ts';
import { setUpSchema } from './entity/event-schema.ts';
import { projectDir } from '../create-kernel.ts';

const bundleImages = join(projectDir, 'src', 'app-bundle', 'Resources', 'public', 'images', 'events');
const jpeg = readFileSync(join(bundleImages, 'jazz-night.JPG'));
const skip = await postgresSkipReason();

describe('Pictures in PostgreSQL (APP_STORAGE=database)', { skip }, () => {
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let app: TestApp;
  /** A second instance on the same database, as behind a load balancer. */
  let other: TestApp;

  before(async () => {
    schema = await createTestSchema();
    app = testApp('test', { database: schema.url, storage: 'database', adminPassword: 'secret-pass', maxImageBytes: 64 * 1024 });
    other = testApp('test', { database: schema.url, storage: 'database' });
    await setUpSchema(app.kernel.container.get('entity_manager'));
  });
  after(async () => {
    await app?.close();
    await other?.close();
    await schema?.drop();
  });

  it('stores an upload in the database, not on this disk, and the other instance serves it', async () => {
    const imagesBefore = readdirSync(bundleImages).length;
    const browser = createClient(app.kernel);
    const login = await browser.get('/login');
    await browser.post('/login', { form: { _username: 'admin', _password: 'secret-pass', _csrf_token: hiddenValue(login, '_csrf_token') } });
    const form = await browser.get('/admin/events/new');
    const fields = { title: 'Shared fair', venue: 'Square', starts_at: '2031-06-01T18:30', description: '', _token: hiddenValue(form, '_token') };
    assert.equal((await browser.post('/admin/events/new', { form: fields, files: { image: { name: 'p.jpg', type: 'image/jpeg', content: jpeg } } })).status, 302);
    assert.equal(readdirSync(bundleImages).length, imagesBefore, 'nothing written under the bundle');

    const home = (await createClient(other.kernel).get('/')).text();
    const src = /<img class="event-image" src="(\/pictures\/shared-fair-[0-9a-f]{8}\.JPG)"/.exec(home)?.[1];
    assert.ok(src, 'the home page links the picture under /pictures/');
    const response = await createClient(other.kernel).get(src);
    assert.equal(response.status, 200);
    assert.ok(response.body.equals(jpeg));
    assert.equal(response.headers.get('content-type'), 'image/jpeg');
    assert.equal(response.headers.get('cache-control'), 'immutable, max-age=31536000, public');
    assert.match(response.headers.get('etag')!, /^"[A-Za-z0-9_-]+"$/);
  });

  it('answers a revalidation with the same ETag with 304 and no body', async () => {
    const first = await createClient(app.kernel).get('/pictures/jazz-night.JPG');
    const again = await createClient(other.kernel).get('/pictures/jazz-night.JPG', { headers: { 'if-none-match': first.headers.get('etag')! } });
    assert.equal(again.status, 304);
  });

  it('serves the pictures shipped with the bundle, which the store does not hold', async () => {
    const response = await createClient(other.kernel).get('/pictures/jazz-night.JPG');
    assert.equal(response.status, 200);
    assert.ok(response.body.equals(jpeg));
  });

  it('answers 404 for a picture nobody stored', async () => {
    assert.equal((await createClient(other.kernel).get('/pictures/nobody-00000000.JPG')).status, 404);
  });
});
