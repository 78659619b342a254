// `sluice/testing`: what an application's tests use (browser tests: sluice/testing/browser).
// PostgreSQL tests get a schema of their own.
export { createTestSchema, postgresSkipReason, POSTGRES_TEST_URL } from './postgres-test-schema.ts';
export { TestHandler } from '../log/test-handler.ts';
export { createClient, KernelBrowser, type ClientOptions, type RequestOptions, type QueryValue } from './kernel-browser.ts';
export { TestResponse } from './test-response.ts';
export { RequestProfile } from './request-profile.ts';
export type { DatabaseData, QueryData } from '../profiler/data-collector/database-data-collector.ts';
export { CookieJar } from './cookie-jar.ts';
export type { UploadFile, FormValue } from './request-body.ts';
export { rawGet, type RawAnswer } from './raw-get.ts';
export { OutputWatch, watchProcess, type WatchedProcess } from './output-watch.ts';
export { freePort } from './free-port.ts';
