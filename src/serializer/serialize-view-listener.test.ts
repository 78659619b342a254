import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestKernel, get } from '../kernel/test-support/test-kernel.ts';
import { ApiBundle } from '../api-bundle/api-bundle.ts';
import { View } from './view.ts';
import { normalize, serializationGroups } from './normalizer.ts';

class Account {
  id = 7;
  name = 'Ada';
  passwordHash = 'secret';
  createdAt = new Date('2030-01-02T03:04:05Z');
}
serializationGroups(Account, { id: ['read'], name: ['read', 'write'], createdAt: ['read'] });

const kernel = new TestKernel({
  bundles: [new ApiBundle({ openapi: { title: 'Test', version: '1' } })],
  controllers: {
    Data: {
      plain: () => ({ when: new Date('2030-01-02T03:04:05Z'), list: [1, 'two'] }),
      view: () => new View(new Account(), { status: 201, headers: { Location: '/accounts/7' }, groups: ['read'] }),
    },
  },
  routes: [
    { name: 'plain', path: '/plain', controller: 'Data::plain' },
    { name: 'view', path: '/view', controller: 'Data::view' },
    { name: 'forced', path: '/forced', controller: 'Data::plain', defaults: { _format: 'json' } },
  ],
});

describe('Serializing what a controller returns', () => {
  it('writes a plain object as JSON, dates in ISO 8601', async () => {
    const response = await kernel.request(get('/plain'));
    assert.deepEqual([response.statusCode, response.headers.get('Content-Type'), response.content], [200, 'application/json', '{"when":"2030-01-02T03:04:05.000Z","list":[1,"two"]}']);
  });

  it('takes a View\'s status, headers and groups', async () => {
    const response = await kernel.request(get('/view'));
    assert.deepEqual([response.statusCode, response.headers.get('Location'), JSON.parse(String(response.content))], [201, '/accounts/7', { id: 7, name: 'Ada', createdAt: '2030-01-02T03:04:05.000Z' }]);
  });

  it('answers a client that accepts no format it can write with a 406', async () => {
    const response = await kernel.request(get('/plain', { accept: 'text/html' }));
    assert.equal(response.statusCode, 406);
  });

  it('follows Accept when it allows JSON, and _format before Accept', async () => {
    assert.equal((await kernel.request(get('/plain', { accept: 'text/html;q=0.9, application/*;q=0.5' }))).statusCode, 200);
    assert.equal((await kernel.request(get('/forced', { accept: 'text/html' }))).statusCode, 200);
  });
});

describe('normalize', () => {
  it('leaves out properties of no asked group, and keeps all without groups', () => {
    assert.deepEqual(normalize(new Account(), ['write']), { name: 'Ada' });
    assert.deepEqual(Object.keys(normalize(new Account()) as object), ['id', 'name', 'passwordHash', 'createdAt']);
  });

  it('refuses a cycle with an error rather than overflowing the stack', () => {
    const node: Record<string, unknown> = {};
    node.self = node;
    assert.throws(() => normalize(node), /circular reference/);
  });
});
