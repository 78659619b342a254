import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';

const execFileAsync = promisify(execFile);
const console = new URL('./console', import.meta.url).pathname;

describe('app/bin/console openapi:dump', () => {
  it('prints the API\'s OpenAPI 3.1 document, which an OpenAPI 3.1 validator accepts', async () => {
    const { stdout } = await execFileAsync(console, ['openapi:dump'], { env: { ...process.env, DATABASE_URL: 'sqlite::memory:' } });
    const document = JSON.parse(stdout) as { openapi: string; paths: Record<string, unknown> };
    assert.equal(document.openapi, '3.1.0');
    assert.ok('/api/events' in document.paths && '/api/events/{id}' in document.paths);
    assert.equal((await new Validator().validate(document)).valid, true);
  });
});
