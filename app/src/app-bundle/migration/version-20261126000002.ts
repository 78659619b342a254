import type { Migration, MigrationSchema } from 'sluice/persistence';

/**
 * The pictures table of APP_STORAGE=database (see picture/postgres-picture-store.ts).
 * PostgreSQL only: an SQLite file is one machine's, where pictures stay on its disk.
 */
export class Version20261126000002 implements Migration {
  readonly version = '20261126000002';
  readonly description = 'The pictures table (PostgreSQL)';

  up(schema: MigrationSchema): void {
    if (schema.platform !== 'postgresql') return;
    schema.addSql(`CREATE TABLE ${schema.table('event_picture')} ("name" TEXT PRIMARY KEY, "bytes" BYTEA NOT NULL, "etag" TEXT NOT NULL, "created_at" TIMESTAMPTZ NOT NULL DEFAULT now())`);
  }
}
