import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ServiceUnavailableHttpException } from 'sluice';
import { startS3TestServer, type S3TestServer } from '../../test-support/s3-test-server.ts';
import { pictureStoreContract } from './picture-store.contract.ts';
import { S3PictureStore } from './s3-picture-store.ts';
import { s3Settings } from './s3-settings.ts';
import { freePort } from 'sluice/testing';

describe('S3PictureStore', () => {
  let server: S3TestServer;
  before(async () => {
    server = await startS3TestServer();
  });
  after(() => server?.close());

  pictureStoreContract(async () => {
    const { settings } = await server.createBucket();
    return { store: new S3PictureStore(settings), cleanup: async () => {} };
  });

  it('keeps each picture under the prefix, so two sites can share a bucket', async () => {
    const { settings } = await server.createBucket();
    const one = new S3PictureStore({ ...settings, prefix: 'one/' });
    const two = new S3PictureStore({ ...settings, prefix: 'two/' });
    try {
      await one.put('same.JPG', Buffer.from('one'));
      assert.equal(await two.get('same.JPG'), undefined);
      assert.equal((await one.get('same.JPG'))!.bytes.toString(), 'one');
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('answers 503 within two seconds when the server is unreachable', async () => {
    const store = new S3PictureStore({ bucket: 'pictures', endpoint: `http://127.0.0.1:${await freePort()}`, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
    try {
      const started = performance.now();
      for (const attempt of [() => store.get('a.JPG'), () => store.put('a.JPG', Buffer.from('x')), () => store.remove('a.JPG')]) {
        await assert.rejects(attempt(), (error: unknown) => {
          assert.ok(error instanceof ServiceUnavailableHttpException);
          assert.equal(error.statusCode, 503);
          assert.match(error.message, /^The picture store \(S3\) is unreachable/);
          return true;
        });
      }
      assert.ok(performance.now() - started < 2000, 'failed fast');
    } finally {
      await store.close();
    }
  });

  it('keeps a refusal of the server (a missing bucket) as the error it is, not an outage', async () => {
    const { settings } = await server.createBucket();
    const store = new S3PictureStore({ ...settings, bucket: 'no-such-bucket' });
    try {
      await assert.rejects(store.put('a.JPG', Buffer.from('x')), (error: unknown) => !(error instanceof ServiceUnavailableHttpException) && /bucket/i.test((error as Error).message));
    } finally {
      await store.close();
    }
  });
});

describe('s3Settings', () => {
  it('reads the bucket, the endpoint (path-style), the region and the credentials from the environment', () => {
    assert.deepEqual(s3Settings({ S3_BUCKET: 'pics', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' }), {
      bucket: 'pics', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3', credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
  });

  it('addresses AWS in us-east-1 with the SDK\'s credential chain when only the bucket is given', () => {
    assert.deepEqual(s3Settings({ S3_BUCKET: 'pics' }), { bucket: 'pics', region: 'us-east-1' });
    assert.equal(s3Settings({ S3_BUCKET: 'pics', AWS_REGION: 'eu-north-1' }).region, 'eu-north-1');
  });

  it('refuses a missing bucket, a bad endpoint and half a key pair in one line naming the variable', () => {
    assert.throws(() => s3Settings({}), /^Error: S3_BUCKET must name a bucket/);
    assert.throws(() => s3Settings({ S3_BUCKET: 'pics', S3_ENDPOINT: 'not a url' }), /^Error: S3_ENDPOINT must be a URL/);
    assert.throws(() => s3Settings({ S3_BUCKET: 'pics', AWS_ACCESS_KEY_ID: 'id' }), /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together/);
  });
});

