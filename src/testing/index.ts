// `sluice/testing`: what an application's tests use. Browser tests drive the system's
// Chromium; PostgreSQL tests get a schema of their own.
export { launchChromium, CHROMIUM_PATH } from './launch-chromium.ts';
export { createTestSchema, postgresSkipReason, POSTGRES_TEST_URL } from './postgres-test-schema.ts';
export { TestHandler } from '../log/test-handler.ts';
