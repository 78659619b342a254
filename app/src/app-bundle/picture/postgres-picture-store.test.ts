import { describe } from 'node:test';
import { Migrator, PostgresConnection } from 'sluice/persistence';
import { appMigrations } from '../migration/app-migrations.ts';
import { createTestSchema, postgresSkipReason, POSTGRES_TEST_URL } from 'sluice/testing';
import { PostgresPictureStore } from './postgres-picture-store.ts';
import { pictureStoreContract } from './picture-store.contract.ts';

const skip = await postgresSkipReason();

describe('PostgresPictureStore', { skip }, () => {
  pictureStoreContract(async () => {
    const schema = await createTestSchema();
    const connection = new PostgresConnection({ connectionString: POSTGRES_TEST_URL, schema: schema.schema });
    await new Migrator(connection, appMigrations).migrate();
    return { store: new PostgresPictureStore(connection, true), cleanup: () => schema.drop() };
  });
});
