import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { isLastRequestId, newRequestId, requestIdOf } from './request-id.ts';
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

  it('counts through every id of its prefix, across the counter\'s bytes and its batches, then draws a new prefix', () => {
    const first = newRequestId();
    const prefix = first.slice(0, 30);
    const expected = parseInt(first.slice(30), 16);
    let last = first;
    for (let counter = expected + 1; counter < 0x1000000; counter++) {
      const id = newRequestId();
      // the counter is checked where it carries into a new byte or a new batch
      if (((counter + 2) & 0x3f) < 4) {
        assert.match(id, uuidV4);
        assert.equal(id, `${prefix}${counter.toString(16).padStart(6, '0')}`);
      }
      last = id;
    }
    assert.equal(last, `${prefix}ffffff`);
    const id = newRequestId();
    assert.match(id, uuidV4);
    assert.equal(id.slice(30), '000000');
    assert.notEqual(id.slice(0, 30), prefix);
    assert.equal(newRequestId(), `${id.slice(0, 30)}000001`);
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

  it('knows the id it answered last as such, and no other value', () => {
    const first = Request.create('/page');
    const second = Request.create('/page');
    const id = requestIdOf(first);
    assert.equal(isLastRequestId(id), true);
    assert.equal(isLastRequestId(`${id}\r\nX-Forged: yes`), false);
    requestIdOf(second);
    assert.equal(isLastRequestId(id), false);
    assert.equal(isLastRequestId(requestIdOf(first)), true);
  });
});
