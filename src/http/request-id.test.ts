import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { newRequestId, requestIdOf } from './request-id.ts';
import { Request } from './request.ts';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  it('makes ids in the UUID form, version 4 and the RFC variant', () => {
    for (let i = 0; i < 1000; i++) assert.match(newRequestId(), uuidV4);
  });

  it('never gives the same id twice in a process, across the counter\'s bytes', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 70_000; i++) seen.add(newRequestId());
    assert.equal(seen.size, 70_000);
  });

  it('draws a prefix of its own in every process', () => {
    const script = "import { newRequestId } from './src/http/request-id.ts'; process.stdout.write(newRequestId());";
    const idOf = (): string => spawnSync(process.execPath, ['--import', './scripts/register-typescript.mjs', '--input-type=module', '-e', script], { encoding: 'utf8' }).stdout;
    const [first, second] = [idOf(), idOf()];
    assert.match(first, uuidV4);
    assert.match(second, uuidV4);
    assert.notEqual(first.slice(0, 30), second.slice(0, 30));
  });
});

describe('requestIdOf', () => {
  it('decides a request\'s id once', () => {
    const request = Request.create('/page');
    assert.equal(requestIdOf(request), requestIdOf(request));
    assert.notEqual(requestIdOf(request), requestIdOf(Request.create('/page')));
  });

  it('ignores the X-Request-Id of a request that came through no trusted proxy', () => {
    const request = Request.create('/page', 'GET', { headers: { 'x-request-id': 'chosen-by-client' } });
    assert.match(requestIdOf(request), uuidV4);
  });
});
