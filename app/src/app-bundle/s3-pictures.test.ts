import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from 'sluice/testing';
import { testApp, type TestApp } from '../test-support/app-test-kernel.ts';
import { startS3TestServer, type S3TestServer } from '../test-support/s3-test-server.ts';
import { appSettingsFor } from '../../config/config.ts';
import { projectDir } from '../create-kernel.ts';

const bundleImages = join(projectDir, 'src', 'app-bundle', 'Resources', 'public', 'images', 'events');
const jpeg = readFileSync(join(bundleImages, 'jazz-night.JPG'));

describe('Pictures in an S3 bucket (APP_STORAGE=s3)', () => {
  let server: S3TestServer;
  let app: TestApp;
  /** A second instance on the same bucket (and a database of its own: serving a picture needs none). */
  let other: TestApp;

  before(async () => {
    server = await startS3TestServer();
    const { env } = await server.createBucket();
    const { storage, s3 } = appSettingsFor('test', env);
    app = testApp('test', { storage, s3, maxImageBytes: 64 * 1024 });
    other = testApp('test', { storage, s3 });
  });
  after(async () => {
    await app?.close();
    await other?.close();
    await server?.close();
  });

  it('stores a picture sent to the API in the bucket, not on this disk, and the other instance serves it', async () => {
    const imagesBefore = readdirSync(bundleImages).length;
    const browser = createClient(app.kernel);
    const token = await app.kernel.container.get('app.access_tokens').create('admin');
    const headers = { authorization: `Bearer ${token}` };
    const created = await browser.request('POST', '/api/events', { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Bucket fair', venue: 'Square', startsAt: '2031-06-01T18:30:00Z', description: '' }) });
    const id = created.json<{ id: number }>().id;
    assert.equal((await browser.request('PUT', `/api/events/${id}/picture`, { headers: { ...headers, 'content-type': 'image/jpeg' }, body: jpeg })).status, 204);
    assert.equal(readdirSync(bundleImages).length, imagesBefore, 'nothing written under the bundle');

    const name = (await browser.get(`/api/events/${id}`)).json<{ image: string }>().image;
    const response = await createClient(other.kernel).get(`/pictures/${name}`);
    assert.equal(response.status, 200);
    assert.ok(response.body.equals(jpeg));
    assert.match(response.headers.get('etag')!, /^"[A-Za-z0-9_-]+"$/);
  });

  it('answers 503 with Retry-After, quickly, when the bucket\'s server is down', async () => {
    const { env } = await server.createBucket();
    const { storage, s3 } = appSettingsFor('test', { ...env, S3_ENDPOINT: 'http://127.0.0.1:9' });
    const down = testApp('test', { storage, s3 });
    try {
      const started = performance.now();
      const response = await createClient(down.kernel).get('/pictures/nobody-00000000.JPG');
      assert.equal(response.status, 503);
      assert.equal(response.headers.get('retry-after'), '5');
      assert.ok(performance.now() - started < 2000, 'answered within two seconds');
    } finally {
      await down.close();
    }
  });

  it('refuses to boot without a bucket, in one line naming S3_BUCKET', () => {
    assert.throws(() => appSettingsFor('test', { APP_STORAGE: 's3' }), /^Error: S3_BUCKET must name a bucket/);
  });
});
