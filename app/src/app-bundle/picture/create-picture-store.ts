import { connectionFromUrl, PostgresConnection, type EntityManager } from 'sluice/persistence';
import { LocalPictureStore } from './local-picture-store.ts';
import { PostgresPictureStore } from './postgres-picture-store.ts';
import type { PictureStore } from './picture-store.ts';
import { S3PictureStore, type S3PictureStoreOptions } from './s3-picture-store.ts';

/** A one-line error for an APP_STORAGE the application does not know, or undefined. */
export function storageProblem(storage: string): string | undefined {
  if (storage === 'local' || storage === 'database' || storage === 's3' || /^postgres(ql)?:\/\//.test(storage)) return undefined;
  return `APP_STORAGE must be "local", "database" (the PostgreSQL of DATABASE_URL), a postgresql:// URL or "s3" (the bucket of S3_BUCKET), "${storage}" given.`;
}

/**
 * The store APP_STORAGE names: `local` (a directory on this instance's disk, the default), `database`
 * (a table in DATABASE_URL's PostgreSQL, sharing its pool), or `postgresql://...` (a
 * table in another PostgreSQL, with its own pool), or `s3` (objects in an S3 bucket, `s3`
 * being its settings, read from S3_* variables by s3Settings).
 */
export function createPictureStore(storage: string, uploadDir: string, entities: () => EntityManager, projectDir: string, s3?: S3PictureStoreOptions): PictureStore {
  if (storage === 'local') return new LocalPictureStore(uploadDir);
  if (storage === 's3') {
    if (s3 === undefined) throw new Error('APP_STORAGE=s3 keeps pictures in an S3 bucket: set S3_BUCKET.');
    return new S3PictureStore(s3);
  }
  if (storage === 'database') {
    const connection = entities().connection;
    if (!(connection instanceof PostgresConnection)) throw new Error('APP_STORAGE=database keeps pictures in PostgreSQL: DATABASE_URL must be a postgresql:// URL.');
    return new PostgresPictureStore(connection);
  }
  const connection = connectionFromUrl(storage, projectDir);
  if (!(connection instanceof PostgresConnection)) throw new Error(storageProblem(storage));
  return new PostgresPictureStore(connection, true);
}
