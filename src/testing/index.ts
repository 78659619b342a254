// `sluice/testing`: what an application's tests use (browser tests: sluice/testing/browser).
// PostgreSQL tests get a schema of their own.
export { createTestSchema, postgresSkipReason, POSTGRES_TEST_URL } from './postgres-test-schema.ts';
export { TestHandler } from '../log/test-handler.ts';
