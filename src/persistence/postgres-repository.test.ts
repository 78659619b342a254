import { repositoryContract } from './repository.contract.ts';
import { connectionFromUrl } from './connection-url.ts';
import { createTestSchema, postgresSkipReason } from '../testing/postgres-test-schema.ts';

const skip = await postgresSkipReason();
let drop: (() => Promise<void>) | undefined;

repositoryContract('PostgreSQL', {
  skip,
  open: async () => {
    const schema = await createTestSchema();
    drop = schema.drop;
    return connectionFromUrl(schema.url, process.cwd());
  },
  cleanup: async () => drop?.(),
});
