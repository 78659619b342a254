import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3PictureStoreOptions } from '../app-bundle/picture/s3-picture-store.ts';

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`: give it as S3_ENDPOINT. */
  readonly endpoint: string;
  /** A new empty bucket on the server, and the store settings (and S3_* variables) that reach it. */
  createBucket(): Promise<{ settings: S3PictureStoreOptions; env: Record<string, string> }>;
  close(): Promise<void>;
}

/** s3rver's fixed credentials: it checks signatures made with them. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let buckets = 0;

/**
 * An S3-compatible server in this process (s3rver, over real HTTP on an ephemeral port),
 * keeping its objects in a temporary directory removed by `close()`.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'sluice-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new S3Client({ endpoint, forcePathStyle: true, region: 'us-east-1', credentials });
  return {
    endpoint,
    async createBucket() {
      const bucket = `pictures-${process.pid}-${++buckets}`;
      await admin.send(new CreateBucketCommand({ Bucket: bucket }));
      return {
        settings: { bucket, endpoint, region: 'us-east-1', credentials },
        env: { APP_STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey },
      };
    },
    async close() {
      admin.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
